import type { Contact } from '@app/shared/contacts';
import type { ContactPatch } from '../contact-update.ts';

/** The editable details of a contact, as the form holds them (text fields; blank clears). */
export type ContactFormValues = {
  name: string;
  email: string;
  phone_number: string;
  identifier: string;
  company_name: string;
  city: string;
  country: string;
  description: string;
};
export type ContactField = keyof ContactFormValues;

export const ADDITIONAL_FIELDS = ['company_name', 'city', 'country', 'description'] as const satisfies readonly ContactField[];
const isAdditional = (field: ContactField): field is (typeof ADDITIONAL_FIELDS)[number] => (ADDITIONAL_FIELDS as readonly string[]).includes(field);

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function formValuesOf(contact: Pick<Contact, 'name' | 'email' | 'phone_number' | 'identifier' | 'additional_attributes'>): ContactFormValues {
  const extra = contact.additional_attributes;
  return {
    name: contact.name,
    email: contact.email ?? '',
    phone_number: contact.phone_number ?? '',
    identifier: contact.identifier ?? '',
    company_name: text(extra.company_name),
    city: text(extra.city),
    country: text(extra.country),
    description: text(extra.description),
  };
}

/**
 * The PATCH body of the fields that changed: top-level fields as they are (blank clears), the others under
 * additional_attributes (merged key by key on the server). Null when nothing changed.
 */
export function changedBody(before: ContactFormValues, after: ContactFormValues): ContactPatch | null {
  const body: Record<string, unknown> = {};
  const additional: Record<string, string> = {};
  for (const field of Object.keys(after) as ContactField[]) {
    const value = after[field].trim();
    if (value === before[field].trim()) continue;
    if (isAdditional(field)) additional[field] = value;
    else body[field] = value;
  }
  if (Object.keys(additional).length) body.additional_attributes = additional;
  return Object.keys(body).length ? (body as ContactPatch) : null;
}

/** A 422's field (`phone_number`, `additional_attributes.city`, …) as the form field it belongs to. */
export function formFieldOf(attribute: string): ContactField | null {
  const name = attribute.replace(/^contact\./, '').replace(/^additional_attributes\./, '');
  const fields: readonly string[] = ['name', 'email', 'phone_number', 'identifier', ...ADDITIONAL_FIELDS];
  return fields.includes(name) ? (name as ContactField) : null;
}
