import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { ContactSortKey } from '@app/shared/contacts';

const { contacts, contactInboxes, inboxes, channels } = schema;
export type ContactRow = typeof contacts.$inferSelect;
export type ContactInboxRow = typeof contactInboxes.$inferSelect;

/** An inbox with what contact inboxes show of it and what source ids are derived from. */
export type InboxSummaryRow = {
  id: number;
  name: string;
  avatarKey: string | null;
  channelId: number;
  channelType: (typeof schema.channelType.enumValues)[number];
  provider: string | null;
  medium: string | null;
};

const inboxSummary = {
  id: inboxes.id,
  name: inboxes.name,
  avatarKey: inboxes.avatarKey,
  channelId: inboxes.channelId,
  channelType: channels.channelType,
  provider: channels.provider,
  medium: channels.medium,
};

/**
 * The contacts lists show: Chatwoot's "resolved" contacts (an email, a phone number or an identifier), not being
 * deleted. Written exactly as the list indexes' predicate (schema.listedContact), so those partial indexes apply.
 */
const listed = schema.listedContact(contacts);

const SORT_EXPRESSIONS: Record<ContactSortKey, SQL> = {
  name: sql`lower(${contacts.name})`,
  email: sql`lower(${contacts.email})`,
  phone_number: sql`${contacts.phoneNumber}`,
  last_activity_at: sql`${contacts.lastActivityAt}`,
  created_at: sql`${contacts.createdAt}`,
  company: sql`lower(${contacts.additionalAttributes} ->> 'company_name')`,
  city: sql`lower(${contacts.additionalAttributes} ->> 'city')`,
  country: sql`lower(${contacts.additionalAttributes} ->> 'country')`,
};
/**
 * A list, search or filter matching at most this many contacts reads its matches and sorts them (unindexedSort);
 * more, and walking the sort index finds a page after about (page end × contacts / matches) rows.
 */
export const RARE_MATCHES = 5_000;
const TIME_SORTS = new Set<ContactSortKey>(['last_activity_at', 'created_at']);

/**
 * The same order written so that no index provides it: the planner then finds the matching rows first (trigram,
 * labels or attribute index) and sorts them, instead of walking the sort index and filtering, which for a rare
 * match reads most of the table before it has a page.
 */
function unindexedSort(key: ContactSortKey): SQL {
  return TIME_SORTS.has(key) ? sql`(${SORT_EXPRESSIONS[key]} + interval '0 seconds')` : sql`(${SORT_EXPRESSIONS[key]} || '')`;
}

export type ContactListFilter = { labels: string[]; where?: SQL | undefined };

/** Contacts the delete job is removing are gone for every read of this module. */
export const notDeleting = sql`${contacts.deletingAt} is null`;

function listCondition(accountId: number, filter: ContactListFilter): SQL {
  // labels && array[...]: any of the labels, served by contacts_labels_idx (GIN)
  const labels = filter.labels.length ? sql`${contacts.labels} && ${sql`array[${sql.join(filter.labels.map((l) => sql`${l}`), sql`, `)}]::text[]`}` : undefined;
  return and(eq(contacts.accountId, accountId), listed, labels, filter.where)!;
}

/**
 * contacts/search: q anywhere in name, email, phone number or identifier, case-insensitively; the pattern is
 * matched per column, each with its trigram index (schema.contactSearchMatches).
 */
export function searchCondition(q: string): SQL {
  return schema.contactSearchMatches(contacts, schema.likePattern(q));
}

/**
 * One page of the account's resolved contacts. Missing values sort last either way and the id breaks
 * ties, so pages are stable; the default (last_activity_at desc) walks contacts_account_activity_idx.
 */
export function listContactRows(
  db: Executor,
  accountId: number,
  filter: ContactListFilter & { sort: ContactSortKey; descending: boolean; limit: number; offset: number; rare?: boolean; bitmapOnly?: boolean },
): Promise<ContactRow[]> {
  const direction = filter.descending ? sql`desc` : sql`asc`;
  const sortBy = filter.rare ? unindexedSort(filter.sort) : SORT_EXPRESSIONS[filter.sort];
  const page = (tx: Executor) =>
    tx
      .select()
      .from(contacts)
      .where(listCondition(accountId, filter))
      .orderBy(sql`${sortBy} ${direction} nulls last`, asc(contacts.id))
      .limit(filter.limit)
      .offset(filter.offset);
  return filter.rare && filter.bitmapOnly ? bitmapsOnly(db, page) : page(db);
}

/** Runs `read` in a transaction where the planner may only use bitmap scans (see countContactRows). */
function bitmapsOnly<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    return read(tx);
  });
}

/**
 * How many contacts a list, search or filter matches. `bitmapOnly` (search): the planner may only read through
 * bitmaps, i.e. the trigram index. Its estimate for a pattern made of frequent trigrams (`crm-10000`: every
 * identifier has `crm`, every email digits) can be so high that it would rather scan all the account's contacts
 * and test each, which at a million contacts takes a second instead of 20 ms.
 */
export async function countContactRows(db: Executor, accountId: number, filter: ContactListFilter, options: { bitmapOnly?: boolean } = {}): Promise<number> {
  const count = async (tx: Executor) => {
    const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(contacts).where(listCondition(accountId, filter));
    return row?.value ?? 0;
  };
  return options.bitmapOnly ? bitmapsOnly(db, count) : count(db);
}

export async function findContactRow(db: Executor, accountId: number, id: number): Promise<ContactRow | null> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.id, id), notDeleting)).limit(1);
  return row ?? null;
}

export function contactRowsByIds(db: Executor, accountId: number, ids: number[]): Promise<ContactRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(contacts).where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids)));
}

export type UniqueValues = { email?: string | null | undefined; phoneNumber?: string | null | undefined; identifier?: string | null | undefined };

/**
 * Which of these values another contact of the account already holds (email case-insensitively),
 * served by the contacts_account_{email,phone,identifier}_key indexes.
 */
export async function takenValues(db: Executor, accountId: number, values: UniqueValues, exceptId?: number) {
  const matches: SQL[] = [];
  if (values.email) matches.push(sql`lower(${contacts.email}) = ${values.email.toLowerCase()}`);
  if (values.phoneNumber) matches.push(eq(contacts.phoneNumber, values.phoneNumber));
  if (values.identifier) matches.push(eq(contacts.identifier, values.identifier));
  if (matches.length === 0) return { email: false, phoneNumber: false, identifier: false };
  const rows = await db
    .select({ email: contacts.email, phoneNumber: contacts.phoneNumber, identifier: contacts.identifier })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...matches), exceptId ? ne(contacts.id, exceptId) : undefined))
    .limit(3);
  return {
    email: Boolean(values.email) && rows.some((r) => r.email?.toLowerCase() === values.email!.toLowerCase()),
    phoneNumber: Boolean(values.phoneNumber) && rows.some((r) => r.phoneNumber === values.phoneNumber),
    identifier: Boolean(values.identifier) && rows.some((r) => r.identifier === values.identifier),
  };
}

export async function insertContact(db: Executor, values: typeof contacts.$inferInsert): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  if (!row) throw new Error('contact insert returned nothing');
  return row;
}

/** Overwrites the given columns and merges the given hashes into the stored ones (top-level keys). */
export async function updateContactRow(
  db: Executor,
  accountId: number,
  id: number,
  values: Partial<Omit<typeof contacts.$inferInsert, 'additionalAttributes' | 'customAttributes'>>,
  merge: { additionalAttributes?: Record<string, unknown> | undefined; customAttributes?: Record<string, unknown> | undefined },
): Promise<ContactRow | null> {
  const [row] = await db
    .update(contacts)
    .set({
      ...values,
      // an empty update still touches the row (drizzle refuses a SET with nothing in it)
      updatedAt: new Date(),
      ...(merge.additionalAttributes ? { additionalAttributes: sql`${contacts.additionalAttributes} || ${JSON.stringify(merge.additionalAttributes)}::jsonb` } : {}),
      ...(merge.customAttributes ? { customAttributes: sql`${contacts.customAttributes} || ${JSON.stringify(merge.customAttributes)}::jsonb` } : {}),
    })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .returning();
  return row ?? null;
}

/** Moves last_activity_at forward (never back: late writers keep the latest time). */
export async function touchContactActivityRow(db: Executor, contactId: number, at: Date): Promise<void> {
  await db
    .update(contacts)
    .set({ lastActivityAt: sql`greatest(${contacts.lastActivityAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(contacts.id, contactId));
}

// --- inboxes and contact inboxes

export async function findInboxSummary(db: Executor, accountId: number, inboxId: number): Promise<InboxSummaryRow | null> {
  const [row] = await db
    .select(inboxSummary)
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, inboxId)))
    .limit(1);
  return row ?? null;
}

/**
 * The contact inboxes of these contacts with their inbox, oldest first, in the account's inboxes only;
 * `inboxIds` narrows them to the inboxes the caller may see (null = all). Served by contact_inboxes_contact_idx.
 */
export function contactInboxRows(db: Executor, accountId: number, contactIds: number[], inboxIds: number[] | null) {
  if (contactIds.length === 0 || inboxIds?.length === 0) return Promise.resolve([]);
  return db
    .select({ contactId: contactInboxes.contactId, sourceId: contactInboxes.sourceId, inbox: inboxSummary })
    .from(contactInboxes)
    .innerJoin(inboxes, eq(inboxes.id, contactInboxes.inboxId))
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(
      and(
        inArray(contactInboxes.contactId, contactIds),
        eq(inboxes.accountId, accountId),
        inboxIds ? inArray(contactInboxes.inboxId, inboxIds) : undefined,
      ),
    )
    .orderBy(asc(contactInboxes.id));
}

/** The contact inbox with this source id (in one inbox, or in any inbox of the account), via contact_inboxes_inbox_source_key. */
export async function findContactInboxBySourceRow(db: Executor, accountId: number, sourceId: string, inboxId?: number): Promise<ContactInboxRow | null> {
  const [row] = await db
    .select({ contactInbox: contactInboxes })
    .from(contactInboxes)
    .innerJoin(contacts, eq(contacts.id, contactInboxes.contactId))
    .where(and(eq(contacts.accountId, accountId), eq(contactInboxes.sourceId, sourceId), inboxId !== undefined ? eq(contactInboxes.inboxId, inboxId) : undefined))
    .orderBy(asc(contactInboxes.id))
    .limit(1);
  return row?.contactInbox ?? null;
}

/** The contact's first contact inbox in this inbox. */
export async function firstContactInboxRow(db: Executor, accountId: number, inboxId: number, contactId: number): Promise<ContactInboxRow | null> {
  const [row] = await db
    .select({ contactInbox: contactInboxes })
    .from(contactInboxes)
    .innerJoin(contacts, eq(contacts.id, contactInboxes.contactId))
    .where(and(eq(contacts.accountId, accountId), eq(contactInboxes.contactId, contactId), eq(contactInboxes.inboxId, inboxId)))
    .orderBy(asc(contactInboxes.id))
    .limit(1);
  return row?.contactInbox ?? null;
}

/** Inserts a contact inbox unless the inbox already has that source id (then null). */
export async function insertContactInbox(db: Executor, values: typeof contactInboxes.$inferInsert): Promise<ContactInboxRow | null> {
  const [row] = await db
    .insert(contactInboxes)
    .values(values)
    .onConflictDoNothing({ target: [contactInboxes.inboxId, contactInboxes.sourceId] })
    .returning();
  return row ?? null;
}
