import type { Executor } from '@app/db';
import {
  CONTACTS_PER_PAGE,
  type Contact,
  type ContactInbox,
  type ContactList,
  type ContactListQuery,
  type ContactPush,
  type ContactSortKey,
  type CreateContactBody,
  type CreateContactResponse,
  type UpdateContactBody,
} from '@app/shared/contacts';
import { AppError, humanize, invalid, notFound, type FieldErrors } from '../../lib/app-error.ts';
import { announce, recordEvents, type EventEntry } from '../../lib/events.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import type { Storage } from '../../lib/storage.ts';
import { visibleInboxIds } from '../inbox-members/service.ts';
import { avatarExtension } from '../../lib/images.ts';
import type { Jobs } from '../../jobs/queue.ts';
import { avatarUrlRefusal } from './avatar-fetch.ts';
import { contactInboxFor, generatedSourceId } from './contact-inboxes.ts';
import { contactEntry, knownContact } from './events.ts';
import { contactCountCache } from './count-cache.ts';
import {
  contactInboxRows,
  contactRowsByIds,
  countContactRows,
  findContactRow,
  findInboxSummary,
  insertContact,
  listContactRows,
  RARE_MATCHES,
  takenValues,
  touchContactActivityRow,
  updateContactRow,
  type ContactRow,
  type UniqueValues,
} from './queries.ts';
import { serializeContact, serializeContactInbox, serializeContactPush } from './serializers.ts';

export { findContactInboxBySource, resolveContactInbox } from './contact-inboxes.ts';
export { serializeContactPush, type ContactPushSource, type UrlFor } from './serializers.ts';
export type { ContactInboxRow, ContactRow } from './queries.ts';

/** What reading contacts needs; an AccountCtx fits, and `db` may be a transaction. */
export type ContactReadCtx = { db: Executor; accountId: number; storage: Pick<Storage, 'url'> };

const TAKEN = 'has already been taken';
const UNIQUE_FIELDS = { email: 'email', phoneNumber: 'phone_number', identifier: 'identifier' } as const;

/** The account's contact, or 404 (another account's, or none). */
export async function loadContact(ctx: { db: Executor; accountId: number }, id: number): Promise<ContactRow> {
  const row = await findContactRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return row;
}

/** Push payloads (Chatwoot's push_event_data) of the account's contacts with these ids, in one query. */
export async function contactPushByIds(ctx: ContactReadCtx, ids: number[]): Promise<Map<number, ContactPush>> {
  const rows = await contactRowsByIds(ctx.db, ctx.accountId, [...new Set(ids)]);
  const url = (key: string) => ctx.storage.url(key);
  return new Map(rows.map((row) => [row.id, serializeContactPush(row, url)]));
}

/** Records activity of the contact (a message, a new conversation): last_activity_at only moves forward. */
export function touchContactActivity(tx: Executor, contactId: number, at: Date): Promise<void> {
  return touchContactActivityRow(tx, contactId, at);
}

/** The contact inboxes of these contacts, in the inboxes the caller may see. */
async function contactInboxesByContact(ctx: AccountCtx, contactIds: number[]): Promise<Map<number, ContactInbox[]>> {
  const rows = await contactInboxRows(ctx.db, ctx.accountId, contactIds, await visibleInboxIds(ctx));
  const url = (key: string) => ctx.storage.url(key);
  const byContact = new Map<number, ContactInbox[]>(contactIds.map((id) => [id, []]));
  for (const row of rows) byContact.get(row.contactId)?.push(serializeContactInbox(row.sourceId, row.inbox, url));
  return byContact;
}

export async function presentContact(ctx: AccountCtx, row: ContactRow): Promise<Contact> {
  const inboxes = await contactInboxesByContact(ctx, [row.id]);
  return serializeContact(row, (key) => ctx.storage.url(key), inboxes.get(row.id) ?? []);
}

/** `GET contacts`: 15 resolved contacts a page (an email, phone number or identifier), any of the labels. */
export async function listContacts(ctx: AccountCtx, query: ContactListQuery): Promise<ContactList> {
  const descending = query.sort.startsWith('-');
  const sort = query.sort.replace(/^-/, '') as ContactSortKey;
  const labels = [...new Set([...(query['labels[]'] ?? []), ...(query.labels ?? []), ...(query.label ?? [])])];
  const { limit, offset } = pageWindow(query.page, CONTACTS_PER_PAGE);
  // the count first (cached): it tells whether the labels are rare enough to read their contacts and sort them
  const count = await contactCountCache(ctx.bus).get(ctx.accountId, JSON.stringify(['list', [...labels].sort()]), () => countContactRows(ctx.db, ctx.accountId, { labels }));
  const rows = count === 0 ? [] : await listContactRows(ctx.db, ctx.accountId, { labels, sort, descending, limit, offset, rare: labels.length > 0 && count <= RARE_MATCHES });
  const inboxes = query.include_contact_inboxes ? await contactInboxesByContact(ctx, rows.map((r) => r.id)) : null;
  const url = (key: string) => ctx.storage.url(key);
  return {
    meta: { count, current_page: query.page },
    payload: rows.map((row) => serializeContact(row, url, inboxes ? (inboxes.get(row.id) ?? []) : undefined)),
  };
}

export async function getContact(ctx: AccountCtx, id: number): Promise<{ payload: Contact }> {
  return { payload: await presentContact(ctx, await loadContact(ctx, id)) };
}

function takenError(taken: Record<keyof typeof UNIQUE_FIELDS, boolean>): AppError | null {
  const fields: FieldErrors = {};
  for (const [key, field] of Object.entries(UNIQUE_FIELDS)) {
    if (taken[key as keyof typeof UNIQUE_FIELDS]) fields[field] = [TAKEN];
  }
  const names = Object.keys(fields);
  if (names.length === 0) return null;
  return new AppError('validation_failed', names.map((field) => `${humanize(field)} ${TAKEN}`).join(', '), { fields });
}

/** 422 naming every unique attribute (email, phone_number, identifier) another contact of the account holds. */
async function assertUnique(db: Executor, accountId: number, values: UniqueValues, exceptId?: number, avatarUrl?: string | null): Promise<void> {
  const [taken, avatarRefusal] = await Promise.all([takenValues(db, accountId, values, exceptId), avatarUrl ? avatarUrlRefusal(avatarUrl) : undefined]);
  const error = takenError(taken);
  if (!avatarRefusal) {
    if (error) throw error;
    return;
  }
  // every problem at once: the taken values and the avatar_url
  const fields = { ...(error?.fields ?? {}), avatar_url: [avatarRefusal] };
  throw new AppError('validation_failed', [error?.message, `Avatar url ${avatarRefusal}`].filter(Boolean).join(', '), { fields });
}

/** A write that lost a race past assertUnique: the unique index decided; answer as the check would have. */
async function uniqueRaceError(ctx: AccountCtx, error: unknown, values: UniqueValues, exceptId?: number): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  return takenError(await takenValues(ctx.db, ctx.accountId, values, exceptId)) ?? error;
}

/** Stores an uploaded avatar after checking its bytes are an accepted image; null without one. */
async function storeAvatar(ctx: AccountCtx, avatar: { data: Uint8Array } | undefined): Promise<string | null> {
  if (!avatar) return null;
  const extension = await avatarExtension(avatar.data);
  return ctx.storage.put({ folder: 'avatars', data: avatar.data, extension });
}

async function removeFile(ctx: AccountCtx, key: string): Promise<void> {
  try {
    await ctx.storage.remove(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not remove a contact avatar file');
  }
}

/** The inbox of `inbox_id`, if it is the account's and the caller may see it; 422 on inbox_id otherwise. */
async function usableInbox(ctx: AccountCtx, inboxId: number) {
  const visible = await visibleInboxIds(ctx);
  const inbox = visible && !visible.includes(inboxId) ? null : await findInboxSummary(ctx.db, ctx.accountId, inboxId);
  if (!inbox) throw invalid('inbox_id', 'is not an inbox you can use');
  return inbox;
}

/**
 * `POST contacts`. Everything is checked before anything is written: unique email (any case), phone
 * number and identifier (422 naming each taken one), the inbox, and that a source id can be derived.
 * With inbox_id a contact inbox is made in the same transaction.
 */
export async function createContact(ctx: AccountCtx, input: CreateContactBody, jobs?: Pick<Jobs, 'enqueue'>): Promise<CreateContactResponse> {
  const inbox = input.inbox_id !== undefined ? await usableInbox(ctx, input.inbox_id) : null;
  const unique = { email: input.email, phoneNumber: input.phone_number, identifier: input.identifier };
  const avatarUrl = !input.avatar && input.avatar_url ? input.avatar_url : null;
  await assertUnique(ctx.db, ctx.accountId, unique, undefined, avatarUrl);
  if (inbox && input.source_id === undefined) generatedSourceId(inbox, { email: input.email ?? null, phoneNumber: input.phone_number ?? null });

  const avatarKey = await storeAvatar(ctx, input.avatar);
  let created: { contact: ContactRow; sourceId: string | null; entries: EventEntry[] };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const contact = await insertContact(tx, {
        accountId: ctx.accountId,
        name: input.name ?? '',
        email: input.email ?? null,
        phoneNumber: input.phone_number ?? null,
        identifier: input.identifier ?? null,
        blocked: input.blocked ?? false,
        additionalAttributes: input.additional_attributes ?? {},
        customAttributes: input.custom_attributes ?? {},
        avatarKey,
        avatarSourceUrl: avatarUrl,
      });
      const contactInbox = inbox ? await contactInboxFor(tx, ctx.accountId, contact, inbox, input.source_id) : null;
      const entries = await recordEvents(tx, [contactEntry('contact.created', contact)]);
      return { contact, sourceId: contactInbox?.sourceId ?? null, entries };
    });
  } catch (error) {
    if (avatarKey) await removeFile(ctx, avatarKey);
    throw await uniqueRaceError(ctx, error, unique);
  }

  if (avatarUrl) jobs?.enqueue('contacts', 'avatars');
  await announce(ctx, created.entries, [knownContact(ctx, created.contact)]);
  return {
    payload: {
      contact: await presentContact(ctx, created.contact),
      contact_inbox: inbox && created.sourceId !== null ? serializeContactInbox(created.sourceId, inbox, (key) => ctx.storage.url(key)) : null,
    },
  };
}

/**
 * `PATCH`/`PUT contacts/{id}`: additional_attributes and custom_attributes are merged key by key into the
 * stored hashes; every other field given is overwritten (null or blank clears email, phone and identifier).
 */
export async function updateContact(ctx: AccountCtx, id: number, input: UpdateContactBody, jobs?: Pick<Jobs, 'enqueue'>): Promise<{ payload: Contact }> {
  const current = await loadContact(ctx, id);
  const unique = { email: input.email, phoneNumber: input.phone_number, identifier: input.identifier };
  const avatarUrl = !input.avatar && input.avatar_url ? input.avatar_url : null;
  await assertUnique(ctx.db, ctx.accountId, unique, id, avatarUrl);

  const avatarKey = await storeAvatar(ctx, input.avatar);
  let recorded: { row: ContactRow; entries: EventEntry[] } | null;
  try {
    recorded = await ctx.db.transaction(async (tx) => {
      const updated = await updateContactRow(
        tx,
        ctx.accountId,
        id,
        {
          name: input.name,
          email: input.email,
          phoneNumber: input.phone_number,
          identifier: input.identifier,
          blocked: input.blocked,
          ...(avatarKey ? { avatarKey, avatarSourceUrl: null } : {}),
          ...(avatarUrl ? { avatarSourceUrl: avatarUrl } : {}),
        },
        { additionalAttributes: input.additional_attributes, customAttributes: input.custom_attributes },
      );
      return updated ? { row: updated, entries: await recordEvents(tx, [contactEntry('contact.updated', updated)]) } : null;
    });
  } catch (error) {
    if (avatarKey) await removeFile(ctx, avatarKey);
    throw await uniqueRaceError(ctx, error, unique, id);
  }
  if (!recorded) {
    if (avatarKey) await removeFile(ctx, avatarKey);
    throw notFound();
  }
  const { row, entries } = recorded;
  if (avatarKey && current.avatarKey) await removeFile(ctx, current.avatarKey);
  if (avatarUrl) jobs?.enqueue('contacts', 'avatars');

  await announce(ctx, entries, [knownContact(ctx, row)]);
  return { payload: await presentContact(ctx, row) };
}
