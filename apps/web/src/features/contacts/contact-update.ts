import type { Contact } from '@app/shared/contacts';
import { api } from '../../lib/api-client.ts';

/** The fields of PATCH contacts/{id} this app sends (UpdateContactBodySchema's input; blank clears a field). */
export type ContactPatch = Partial<{
  name: string;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  blocked: boolean;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
}>;

/**
 * PATCH contacts/{id} (no zod here: the conversation sidebar embeds the inline editor, and the schema is only
 * loaded by development builds that check the answer).
 */
export async function updateContact(accountId: number, id: number, body: ContactPatch): Promise<Contact> {
  const { payload } = await api(`/api/v1/accounts/${accountId}/contacts/${id}`, {
    method: 'PATCH',
    body,
    schema: () => import('@app/shared/contacts').then((m) => m.ContactResponseSchema),
  });
  return payload;
}
