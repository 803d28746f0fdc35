import { randomUUID } from 'node:crypto';
import type { Executor } from '@app/db';
import { invalid } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import {
  findContactInboxBySourceRow,
  findContactRow,
  findInboxSummary,
  firstContactInboxRow,
  insertContactInbox,
  type ContactInboxRow,
  type ContactRow,
  type InboxSummaryRow,
} from './queries.ts';

export const NOT_AN_INBOX = 'is not an inbox of this account';
export const NOT_A_CONTACT = 'is not a contact of this account';
const REQUIRED_FOR_INBOX = 'is required to reach the contact in this inbox';

/**
 * The source id a contact gets in an inbox when none is given, as Chatwoot's contact inbox builder
 * derives it: a uuid for API and web widget inboxes, the email for email inboxes, the phone number for
 * SMS; WhatsApp uses the number without + and Twilio's WhatsApp medium prefixes it with `whatsapp:`,
 * which is how those providers name the sender. Other channels (Facebook, Telegram, Line…) only know
 * the provider's own ids, so a source id must be given: 422 otherwise.
 */
export function generatedSourceId(inbox: InboxSummaryRow, contact: Pick<ContactRow, 'email' | 'phoneNumber'>): string {
  const phone = () => {
    if (!contact.phoneNumber) throw invalid('phone_number', REQUIRED_FOR_INBOX);
    return contact.phoneNumber;
  };
  switch (inbox.channelType) {
    case 'Channel::Api':
    case 'Channel::WebWidget':
      return randomUUID();
    case 'Channel::Email':
      if (!contact.email) throw invalid('email', REQUIRED_FOR_INBOX);
      return contact.email;
    case 'Channel::Sms':
      return phone();
    case 'Channel::Whatsapp':
      return phone().replace(/^\+/, '');
    case 'Channel::TwilioSms':
      return inbox.medium === 'whatsapp' ? `whatsapp:${phone()}` : phone();
    default:
      throw invalid('source_id', 'must be given for this inbox');
  }
}

/**
 * The contact inbox of a contact in an inbox, both already checked to belong to the account: the one
 * with `sourceId` (422 on source_id when another contact holds it), or without it the contact's
 * existing one, else a new one with a generated source id.
 */
export async function contactInboxFor(
  tx: Executor,
  accountId: number,
  contact: Pick<ContactRow, 'id' | 'email' | 'phoneNumber'>,
  inbox: InboxSummaryRow,
  sourceId?: string,
): Promise<ContactInboxRow> {
  if (sourceId === undefined) {
    const existing = await firstContactInboxRow(tx, accountId, inbox.id, contact.id);
    if (existing) return existing;
  }
  const source = sourceId ?? generatedSourceId(inbox, contact);
  const inserted = await insertContactInbox(tx, { contactId: contact.id, inboxId: inbox.id, sourceId: source, pubsubToken: randomToken(18) });
  if (inserted) return inserted;
  const holder = await findContactInboxBySourceRow(tx, accountId, source, inbox.id);
  if (holder?.contactId === contact.id) return holder;
  throw invalid('source_id', 'has already been taken');
}

/**
 * The contact inbox for a contact in an inbox (found, or created with a generated source id and a
 * fresh pubsub token). 422 on contact_id or inbox_id when either is not the account's, on source_id
 * when another contact holds the given source id in that inbox, and on email / phone_number when the
 * channel derives the source id from a value the contact lacks.
 */
export async function resolveContactInbox(
  tx: Executor,
  input: { accountId: number; inboxId: number; contactId: number; sourceId?: string | undefined },
): Promise<ContactInboxRow> {
  const contact = await findContactRow(tx, input.accountId, input.contactId);
  if (!contact) throw invalid('contact_id', NOT_A_CONTACT);
  const inbox = await findInboxSummary(tx, input.accountId, input.inboxId);
  if (!inbox) throw invalid('inbox_id', NOT_AN_INBOX);
  return contactInboxFor(tx, input.accountId, contact, inbox, input.sourceId);
}

/** The contact inbox with this source id in one inbox, or in any of the account's inboxes (the oldest); null when none. */
export function findContactInboxBySource(
  tx: Executor,
  input: { accountId: number; inboxId?: number | undefined; sourceId: string },
): Promise<ContactInboxRow | null> {
  return findContactInboxBySourceRow(tx, input.accountId, input.sourceId, input.inboxId);
}
