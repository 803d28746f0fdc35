import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type Executor } from '@app/db';
import {
  CONTACTS_PER_PAGE,
  type ContactInbox,
  type ContactLabelsBodySchema,
  type ContactList,
  type ContactListQuery,
  type ContactNote,
  type ContactSearchQuery,
  type ContactSortKey,
  type CreateContactNoteBodySchema,
  type DestroyCustomAttributesBodySchema,
} from '@app/shared/contacts';
import type { FilterQuery } from '@app/shared/custom-filters';
import { AppError, forbidden, invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { compileContactFilter } from '../../lib/filters/index.ts';
import { announce, recordEvents } from '../../lib/events.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { filterableDefinitions } from '../custom-attributes/service.ts';
import { visibleInboxIds } from '../inbox-members/service.ts';
import { generatedSourceId } from './contact-inboxes.ts';
import { contactCountCache } from './count-cache.ts';
import { contactInboxRows, countContactRows, listContactRows, RARE_MATCHES, searchCondition, type ContactListFilter, type ContactRow, type InboxSummaryRow } from './queries.ts';
import { serializeContact, serializeContactInbox } from './serializers.ts';
import { contactEntry, knownContact } from './events.ts';
import { loadContact, presentContact } from './service.ts';

const { contacts, contactNotes, contactInboxes, inboxes, channels, users, labels: labelTable } = schema;
const url = (ctx: AccountCtx) => (key: string) => ctx.storage.url(key);

/** In the change's transaction: records contact.updated. Answers what to announce after the commit. */
export async function recordContactUpdated(tx: Executor, row: ContactRow) {
  return { row, entries: await recordEvents(tx, [contactEntry('contact.updated', row)]) };
}

/** After the commit: the contact as clients show it, to administrators and agents. */
export async function announceContactUpdated(ctx: AccountCtx, { row, entries }: Awaited<ReturnType<typeof recordContactUpdated>>): Promise<ContactRow> {
  await announce(ctx, entries, [knownContact(ctx, row)]);
  return row;
}

/** A page of contacts matching `where` (and the list query's labels), in the list's sort, with the total count. */
async function contactPage(
  ctx: AccountCtx,
  query: Pick<ContactListQuery, 'page' | 'sort' | 'include_contact_inboxes'> & { labels?: string[] },
  where: ContactListFilter['where'],
  countKey: unknown,
  options: { bitmapOnly?: boolean } = {},
): Promise<ContactList> {
  const descending = query.sort.startsWith('-');
  const sort = query.sort.replace(/^-/, '') as ContactSortKey;
  const filter = { labels: query.labels ?? [], where };
  const { limit, offset } = pageWindow(query.page, CONTACTS_PER_PAGE);
  // the count first (cached): it tells whether the matches are rare enough to read them all and sort them
  const count = await contactCountCache(ctx.bus).get(ctx.accountId, JSON.stringify([countKey, [...filter.labels].sort()]), () =>
    countContactRows(ctx.db, ctx.accountId, filter, { bitmapOnly: options.bitmapOnly }),
  );
  const rows = count === 0 ? [] : await listContactRows(ctx.db, ctx.accountId, { ...filter, sort, descending, limit, offset, rare: count <= RARE_MATCHES, bitmapOnly: options.bitmapOnly });
  let byContact: Map<number, ContactInbox[]> | null = null;
  if (query.include_contact_inboxes && rows.length > 0) {
    byContact = new Map(rows.map((r) => [r.id, []]));
    const inboxRows = await contactInboxRows(ctx.db, ctx.accountId, rows.map((r) => r.id), await visibleInboxIds(ctx));
    for (const row of inboxRows) byContact.get(row.contactId)?.push(serializeContactInbox(row.sourceId, row.inbox, url(ctx)));
  }
  return {
    meta: { count, current_page: query.page },
    payload: rows.map((row) => serializeContact(row, url(ctx), byContact ? (byContact.get(row.id) ?? []) : undefined)),
  };
}

/** `GET contacts/search?q`: resolved contacts whose name, email, phone number or identifier contains q. */
export function searchContacts(ctx: AccountCtx, query: ContactSearchQuery): Promise<ContactList> {
  const labels = [...new Set([...(query['labels[]'] ?? []), ...(query.labels ?? []), ...(query.label ?? [])])];
  // q of three characters or more has trigrams: the count reads them (countContactRows)
  return contactPage(ctx, { ...query, labels }, searchCondition(query.q), ['search', query.q], { bitmapOnly: query.q.length >= 3 });
}

/** `POST contacts/filter?page`: the filter rows compiled by lib/filters (standard keys and contact custom attributes). */
export async function filterContacts(ctx: AccountCtx, body: FilterQuery, query: Pick<ContactListQuery, 'page' | 'sort' | 'include_contact_inboxes'>): Promise<ContactList> {
  const definitions = await filterableDefinitions(ctx.db, ctx.accountId, 'contact_attribute');
  return contactPage(ctx, query, compileContactFilter(body.payload, definitions), ['filter', body.payload]);
}

// --- labels

export async function contactLabels(ctx: AccountCtx, id: number) {
  return { payload: (await loadContact(ctx, id)).labels };
}

/** Titles (lowercase) among `titles` that are not labels of the account. */
async function unknownLabels(db: Executor, accountId: number, titles: string[]): Promise<string[]> {
  if (titles.length === 0) return [];
  const rows = await db
    .select({ title: sql<string>`lower(${labelTable.title})` })
    .from(labelTable)
    .where(and(eq(labelTable.accountId, accountId), inArray(sql`lower(${labelTable.title})`, titles)));
  const known = new Set(rows.map((r) => r.title));
  return titles.filter((t) => !known.has(t));
}

/** `POST contacts/{id}/labels` replaces the set (Chatwoot's semantics); every label must exist in the account. */
export async function setContactLabels(ctx: AccountCtx, id: number, input: z.infer<typeof ContactLabelsBodySchema>) {
  const wanted = [...new Set(input.labels)];
  const contact = await loadContact(ctx, id);
  const missing = await unknownLabels(ctx.db, ctx.accountId, wanted);
  if (missing.length > 0) throw invalid('labels', `${missing.join(', ')} ${missing.length === 1 ? 'is not a label' : 'are not labels'} of this account`);
  const same = wanted.length === contact.labels.length && wanted.every((l) => contact.labels.includes(l));
  if (same) return { payload: contact.labels };
  const recorded = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contacts)
      .set({ labels: wanted, updatedAt: new Date() })
      .where(and(eq(contacts.accountId, ctx.accountId), eq(contacts.id, id)))
      .returning();
    if (!updated) throw notFound();
    return recordContactUpdated(tx, updated);
  });
  const row = await announceContactUpdated(ctx, recorded);
  return { payload: row.labels };
}

// --- notes

type NoteRow = typeof contactNotes.$inferSelect & { author: { id: number; name: string; email: string; avatarKey: string | null } | null };

function serializeNote(ctx: AccountCtx, row: NoteRow): ContactNote {
  return {
    id: row.id,
    content: row.content,
    contact_id: row.contactId,
    user: row.author ? { id: row.author.id, name: row.author.name, email: row.author.email, thumbnail: row.author.avatarKey ? ctx.storage.url(row.author.avatarKey) : '' } : null,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    updated_at: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

const noteColumns = {
  id: contactNotes.id,
  accountId: contactNotes.accountId,
  contactId: contactNotes.contactId,
  userId: contactNotes.userId,
  content: contactNotes.content,
  createdAt: contactNotes.createdAt,
  updatedAt: contactNotes.updatedAt,
  authorId: users.id,
  authorName: sql<string>`coalesce(${users.displayName}, ${users.name})`,
  authorEmail: users.email,
  authorAvatar: users.avatarKey,
};

function noteRows(db: Executor, where: ReturnType<typeof and>) {
  return db
    .select(noteColumns)
    .from(contactNotes)
    .leftJoin(users, eq(users.id, contactNotes.userId))
    .where(where)
    .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
    .then((rows) =>
      rows.map(({ authorId, authorName, authorEmail, authorAvatar, ...note }): NoteRow => ({
        ...note,
        author: authorId !== null ? { id: authorId, name: authorName, email: authorEmail ?? '', avatarKey: authorAvatar ?? null } : null,
      })),
    );
}

/** `GET contacts/{id}/notes`: newest first. */
export async function listContactNotes(ctx: AccountCtx, id: number): Promise<ContactNote[]> {
  await loadContact(ctx, id);
  const rows = await noteRows(ctx.db, and(eq(contactNotes.accountId, ctx.accountId), eq(contactNotes.contactId, id)));
  return rows.map((row) => serializeNote(ctx, row));
}

export async function createContactNote(ctx: AccountCtx, id: number, input: z.infer<typeof CreateContactNoteBodySchema>): Promise<ContactNote> {
  await loadContact(ctx, id);
  const [note] = await ctx.db.insert(contactNotes).values({ accountId: ctx.accountId, contactId: id, userId: ctx.actor.id, content: input.content }).returning({ id: contactNotes.id });
  const [row] = await noteRows(ctx.db, eq(contactNotes.id, note!.id));
  return serializeNote(ctx, row!);
}

/** `DELETE contacts/{id}/notes/{note_id}`: the note's author, or an administrator; anyone else 403. */
export async function deleteContactNote(ctx: AccountCtx, id: number, noteId: number): Promise<Record<string, never>> {
  await loadContact(ctx, id);
  const [note] = await ctx.db
    .select({ id: contactNotes.id, userId: contactNotes.userId })
    .from(contactNotes)
    .where(and(eq(contactNotes.accountId, ctx.accountId), eq(contactNotes.contactId, id), eq(contactNotes.id, noteId)));
  if (!note) throw notFound();
  if (note.userId !== ctx.actor.id && ctx.membership.role !== 'administrator') throw forbidden();
  await ctx.db.delete(contactNotes).where(eq(contactNotes.id, noteId));
  return {};
}

// --- custom attributes, avatar

/** `POST contacts/{id}/destroy_custom_attributes`: drops the named keys (unknown keys are ignored, as Chatwoot does). */
export async function destroyCustomAttributes(ctx: AccountCtx, id: number, input: z.infer<typeof DestroyCustomAttributesBodySchema>) {
  await loadContact(ctx, id);
  const recorded = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contacts)
      .set({ customAttributes: sql`${contacts.customAttributes} - array[${sql.join(input.custom_attributes.map((k) => sql`${k}`), sql`, `)}]::text[]`, updatedAt: new Date() })
      .where(and(eq(contacts.accountId, ctx.accountId), eq(contacts.id, id)))
      .returning();
    if (!updated) throw notFound();
    return recordContactUpdated(tx, updated);
  });
  const row = await announceContactUpdated(ctx, recorded);
  return { payload: await presentContact(ctx, row) };
}

/** `DELETE contacts/{id}/avatar`: forgets the avatar (and a pending avatar_url) and removes the file. */
export async function deleteContactAvatar(ctx: AccountCtx, id: number) {
  const current = await loadContact(ctx, id);
  const recorded = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contacts)
      .set({ avatarKey: null, avatarSourceUrl: null, updatedAt: new Date() })
      .where(and(eq(contacts.accountId, ctx.accountId), eq(contacts.id, id)))
      .returning();
    if (!updated) throw notFound();
    return recordContactUpdated(tx, updated);
  });
  if (current.avatarKey) {
    await ctx.storage.remove(current.avatarKey).catch((err: unknown) => ctx.log.warn({ err, key: current.avatarKey }, 'could not remove a contact avatar file'));
  }
  const row = await announceContactUpdated(ctx, recorded);
  return { payload: await presentContact(ctx, row) };
}

// --- contactable inboxes

/**
 * `GET contacts/{id}/contactable_inboxes`: every inbox the caller may see that knows the contact (its source id)
 * or whose channel can reach it with what the contact has (the source id a new contact inbox would get).
 */
export async function contactableInboxes(ctx: AccountCtx, id: number): Promise<{ payload: ContactInbox[] }> {
  const contact = await loadContact(ctx, id);
  const visible = await visibleInboxIds(ctx);
  if (visible?.length === 0) return { payload: [] };
  const inboxRows: InboxSummaryRow[] = await ctx.db
    .select({
      id: inboxes.id,
      name: inboxes.name,
      avatarKey: inboxes.avatarKey,
      channelId: inboxes.channelId,
      channelType: channels.channelType,
      provider: channels.provider,
      medium: channels.medium,
    })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.accountId, ctx.accountId), visible ? inArray(inboxes.id, visible) : undefined))
    .orderBy(asc(inboxes.id));
  const known = await ctx.db
    .select({ inboxId: contactInboxes.inboxId, sourceId: contactInboxes.sourceId })
    .from(contactInboxes)
    .where(eq(contactInboxes.contactId, id))
    .orderBy(asc(contactInboxes.id));
  const sourceByInbox = new Map<number, string>();
  for (const k of known) if (!sourceByInbox.has(k.inboxId)) sourceByInbox.set(k.inboxId, k.sourceId);
  const payload: ContactInbox[] = [];
  for (const inbox of inboxRows) {
    let sourceId = sourceByInbox.get(inbox.id);
    if (sourceId === undefined) {
      try {
        sourceId = generatedSourceId(inbox, contact);
      } catch (error) {
        if (error instanceof AppError) continue; // the channel cannot reach this contact
        throw error;
      }
    }
    payload.push(serializeContactInbox(sourceId, inbox, url(ctx)));
  }
  return { payload };
}
