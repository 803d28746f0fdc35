import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { ChannelType } from '@app/shared/constants';

const { channels, conversations, inboxes, inboxMembers } = schema;

export type InboxRow = typeof inboxes.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;
export type InboxWithChannel = { inbox: InboxRow; channel: ChannelRow };
export type InboxValues = Partial<Omit<typeof inboxes.$inferInsert, 'id' | 'accountId' | 'channelId'>>;
export type ChannelValues = Omit<typeof channels.$inferInsert, 'id' | 'accountId'>;

const byName = [sql`lower(${inboxes.name})`, asc(inboxes.id)];

/** The account's inboxes with their channels by name; `ids` narrows to those (null: all). Served by inboxes_account_idx. */
export async function listInboxRows(db: Executor, accountId: number, ids: number[] | null): Promise<InboxWithChannel[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({ inbox: inboxes, channel: channels })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.accountId, accountId), ids ? inArray(inboxes.id, ids) : undefined))
    .orderBy(...byName);
}

export async function findInboxRow(db: Executor, accountId: number, id: number, lock = false): Promise<InboxWithChannel | null> {
  const query = db
    .select({ inbox: inboxes, channel: channels })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Ids of the account's inboxes (the administrator's visible set). */
export async function inboxIds(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db.select({ id: inboxes.id }).from(inboxes).where(eq(inboxes.accountId, accountId));
  return rows.map((r) => r.id);
}

/** id, name and channel type of every inbox of the account (all_inboxes). */
export function compactInboxRows(db: Executor, accountId: number) {
  return db
    .select({ id: inboxes.id, name: inboxes.name, channelType: channels.channelType })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(eq(inboxes.accountId, accountId))
    .orderBy(...byName);
}

export type ConversationCounts = { open: number; unresponded: number };

/**
 * Open and unresponded (open with waiting_since set) conversations per inbox, in one grouped query
 * (conversations_account_status_activity_idx narrows to the account's open conversations).
 */
export async function conversationCounts(db: Executor, accountId: number, ids: number[] | null): Promise<Map<number, ConversationCounts>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({
      inboxId: conversations.inboxId,
      open: sql<number>`count(*)::int`,
      unresponded: sql<number>`(count(*) filter (where ${isNotNull(conversations.waitingSince)}))::int`,
    })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.status, 'open'), ids ? inArray(conversations.inboxId, ids) : undefined))
    .groupBy(conversations.inboxId);
  return new Map(rows.map((r) => [r.inboxId, { open: Number(r.open), unresponded: Number(r.unresponded) }]));
}

/** Whether the user leads at least one inbox of the account (inbox_members_account_user_idx). */
export async function leadsAnInbox(db: Executor, accountId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ inboxId: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.userId, userId), eq(inboxMembers.isLeader, true)))
    .limit(1);
  return Boolean(row);
}

export async function insertChannel(db: Executor, accountId: number, values: ChannelValues): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values({ ...values, accountId }).returning();
  if (!row) throw new Error('channel insert returned nothing');
  return row;
}

export async function insertInbox(db: Executor, values: typeof inboxes.$inferInsert): Promise<InboxRow> {
  const [row] = await db.insert(inboxes).values(values).returning();
  if (!row) throw new Error('inbox insert returned nothing');
  return row;
}

export async function updateInboxRow(db: Executor, accountId: number, id: number, values: InboxValues): Promise<void> {
  if (Object.values(values).every((v) => v === undefined)) return;
  await db.update(inboxes).set(values).where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, id)));
}

export async function updateChannelRow(db: Executor, accountId: number, id: number, values: Partial<ChannelValues>): Promise<void> {
  if (Object.values(values).every((v) => v === undefined)) return;
  await db.update(channels).set(values).where(and(eq(channels.accountId, accountId), eq(channels.id, id)));
}

/** Deleting the channel deletes its inbox, and with it members, conversations and their messages (cascades). */
export async function deleteChannelRow(db: Executor, accountId: number, id: number): Promise<void> {
  await db.delete(channels).where(and(eq(channels.accountId, accountId), eq(channels.id, id)));
}

export type ChannelKey = {
  channelType: ChannelType;
  column: 'phoneNumber' | 'externalId';
  value: string;
  /** Set when the key is unique within one account only (a Facebook page); otherwise installation-wide. */
  accountId?: number;
};

/**
 * Serializes creators of the same channel key until commit: these keys have no unique index (the
 * column means different things per channel type), so the check below is made race-free by the lock.
 */
export async function lockChannelKey(tx: Executor, key: ChannelKey): Promise<void> {
  const name = `channel:${key.channelType}:${key.column}:${key.accountId ?? '*'}:${key.value}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/** Whether another channel already holds the key (channels_type_external_id_idx / channels_type_phone_number_idx). */
export async function channelKeyTaken(db: Executor, key: ChannelKey, exceptChannelId?: number): Promise<boolean> {
  const column = key.column === 'phoneNumber' ? channels.phoneNumber : channels.externalId;
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.channelType, key.channelType),
        eq(column, key.value),
        key.accountId ? eq(channels.accountId, key.accountId) : undefined,
        exceptChannelId ? ne(channels.id, exceptChannelId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Which of these Facebook page ids the account already connects (channels_type_external_id_idx). */
export async function connectedFacebookPageIds(db: Executor, accountId: number, pageIds: string[]): Promise<Set<string>> {
  if (pageIds.length === 0) return new Set();
  const rows = await db
    .select({ pageId: channels.externalId })
    .from(channels)
    .where(and(eq(channels.channelType, 'Channel::FacebookPage'), inArray(channels.externalId, pageIds), eq(channels.accountId, accountId)));
  return new Set(rows.map((row) => row.pageId!));
}
