import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { anyInteger, anyIntegerPlaceholder, preparedFor, rawTimestamp, rawTimestampOrNull, schema, type Executor } from '@app/db';
import type { NotificationFlag } from '@app/shared/notifications';

const n = schema.notifications;
const settings = schema.notificationSettings;

// The reads of a notification's creation and announcement run for every notifying message the relay relays (one at a
// time at a desk's pace): each is one statement prepared once (preparedFor), not built by drizzle on every call
// (docs/benchmarks.md, "Fourteenth session").
const accountIdParam = sql.placeholder('accountId');

export type NotificationRow = typeof n.$inferSelect;
export type NotificationInsert = typeof n.$inferInsert;
export type NotificationSettingsRow = typeof settings.$inferSelect;

/** Snoozed while `snoozed_until` lies ahead: a snooze that has run out counts as not snoozed. */
const notSnoozed = () => or(isNull(n.snoozedUntil), lte(n.snoozedUntil, sql`now()`));

/** One user's notifications in one account: every query starts here (tenancy and ownership). */
const own = (accountId: number, userId: number) => and(eq(n.accountId, accountId), eq(n.userId, userId))!;

export type ListFilter = { includeRead: boolean; includeSnoozed: boolean };

function filtered(accountId: number, userId: number, filter: ListFilter): SQL {
  return and(own(accountId, userId), filter.includeRead ? undefined : isNull(n.readAt), filter.includeSnoozed ? undefined : notSnoozed())!;
}

/** A page of the list; the order walks notifications_account_user_activity_idx (either direction). */
export function listNotificationRows(db: Executor, accountId: number, userId: number, filter: ListFilter, order: 'asc' | 'desc', limit: number, offset: number) {
  const by = order === 'desc' ? [sql`${n.lastActivityAt} desc nulls last`, desc(n.id)] : [sql`${n.lastActivityAt} asc nulls first`, asc(n.id)];
  return db
    .select()
    .from(n)
    .where(filtered(accountId, userId, filter))
    .orderBy(...by)
    .limit(limit)
    .offset(offset);
}

/** How many the filter selects, and how many of those are unread. */
export async function countNotifications(db: Executor, accountId: number, userId: number, filter: ListFilter) {
  const [row] = await db
    .select({ count: count(), unread: sql<number>`count(*) filter (where ${n.readAt} is null)`.mapWith(Number) })
    .from(n)
    .where(filtered(accountId, userId, filter));
  return { count: row?.count ?? 0, unread: row?.unread ?? 0 };
}

/** The bell's number: unread and not snoozed (countsByUser). */
export async function countUnread(db: Executor, accountId: number, userId: number): Promise<number> {
  return (await countsByUser(db, accountId, [userId])).get(userId)?.unread ?? 0;
}

const counts = schema.notificationCounts;

/**
 * The counts realtime events carry, for several users at once: unread (not snoozed) and all. Read from
 * notification_counts (kept by triggers), less the unread ones snoozed for now (notifications_account_user_snoozed_idx):
 * the cost of the snoozed notifications, not of every notification the users ever had.
 */
export async function countsByUser(db: Executor, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { unread: number; count: number }>();
  const rows = await preparedFor(db, 'notification_counts_by_user', (on) =>
    on
      .select({
        userId: counts.userId,
        count: counts.total,
        // qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would be s's
        unread: sql<number>`${counts.unread} - (select count(*) from ${n} s
          where s.account_id = "notification_counts"."account_id" and s.user_id = "notification_counts"."user_id"
            and s.read_at is null and s.snoozed_until is not null and s.snoozed_until > now())`.mapWith(Number),
      })
      .from(counts)
      .where(and(eq(counts.accountId, accountIdParam), anyIntegerPlaceholder(counts.userId))),
  ).execute({ accountId, ids: userIds });
  return new Map(rows.map((r) => [r.userId, { unread: r.unread, count: r.count }]));
}

export async function updateNotificationRow(
  db: Executor,
  accountId: number,
  userId: number,
  id: number,
  values: Partial<Pick<NotificationInsert, 'readAt' | 'snoozedUntil'>> | 'read',
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(n)
    // 'read' keeps the first read time of a notification read already
    .set(values === 'read' ? { readAt: sql`coalesce(${n.readAt}, now())` } : values)
    .where(and(own(accountId, userId), eq(n.id, id)))
    .returning();
  return row ?? null;
}

/** read_all: the user's unread notifications (of one conversation, when given) become read. */
export async function markAllRead(db: Executor, accountId: number, userId: number, conversationId: number | null): Promise<number> {
  const rows = await db
    .update(n)
    .set({ readAt: new Date() })
    .where(and(own(accountId, userId), isNull(n.readAt), conversationId === null ? undefined : eq(n.primaryActorId, conversationId)))
    .returning({ id: n.id });
  return rows.length;
}

export async function deleteNotificationRow(db: Executor, accountId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(n)
    .where(and(own(accountId, userId), eq(n.id, id)))
    .returning({ id: n.id });
  return rows.length > 0;
}

/** destroy_all: the user's read notifications, or all of them. */
export async function deleteAllNotifications(db: Executor, accountId: number, userId: number, onlyRead: boolean): Promise<number> {
  const rows = await db
    .delete(n)
    .where(and(own(accountId, userId), onlyRead ? isNotNull(n.readAt) : undefined))
    .returning({ id: n.id });
  return rows.length;
}

/** What creation writes of a notification; the rest takes the columns' defaults. */
export type NewNotification = Pick<NotificationInsert, 'accountId' | 'userId' | 'notificationType' | 'primaryActorId' | 'secondaryActorType' | 'secondaryActorId'>;

type Returned = Omit<NotificationRow, 'readAt' | 'snoozedUntil' | 'lastActivityAt' | 'createdAt' | 'updatedAt'> &
  Record<'readAt' | 'snoozedUntil', string | Date | null> &
  Record<'lastActivityAt' | 'createdAt' | 'updatedAt', string | Date>;

/**
 * One statement for every recipient of a batch of events, the rows as one JSON parameter: one statement text
 * whatever their number (a VALUES list was a new text, parsed and planned anew, for every length).
 */
export async function insertNotificationRows(db: Executor, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((r) => ({
      account_id: r.accountId,
      user_id: r.userId,
      notification_type: r.notificationType,
      primary_actor_id: r.primaryActorId,
      secondary_actor_type: r.secondaryActorType ?? null,
      secondary_actor_id: r.secondaryActorId ?? null,
    })),
  );
  const result = await db.execute(sql`
    insert into ${n} (account_id, user_id, notification_type, primary_actor_id, secondary_actor_type, secondary_actor_id)
    select account_id, user_id, notification_type, primary_actor_id, secondary_actor_type, secondary_actor_id
      from jsonb_to_recordset(${input}::jsonb)
        as r(account_id integer, user_id integer, notification_type text, primary_actor_id integer, secondary_actor_type text, secondary_actor_id integer)
    returning id, account_id as "accountId", user_id as "userId", notification_type as "notificationType", primary_actor_type as "primaryActorType",
      primary_actor_id as "primaryActorId", secondary_actor_type as "secondaryActorType", secondary_actor_id as "secondaryActorId", read_at as "readAt",
      snoozed_until as "snoozedUntil", last_activity_at as "lastActivityAt", created_at as "createdAt", updated_at as "updatedAt"`);
  // Both drivers (node-postgres and PGlite) answer raw statements as { rows }.
  return (result as unknown as { rows: Returned[] }).rows.map((r) => ({
    ...r,
    readAt: rawTimestampOrNull(r.readAt),
    snoozedUntil: rawTimestampOrNull(r.snoozedUntil),
    lastActivityAt: rawTimestamp(r.lastActivityAt),
    createdAt: rawTimestamp(r.createdAt),
    updatedAt: rawTimestamp(r.updatedAt),
  }));
}

// --- what creation needs to know

/** The conversations events name (by display id), with what decides who hears of them. */
export async function conversationFacts(db: Executor, accountId: number, displayIds: number[]) {
  if (displayIds.length === 0) return [];
  const c = schema.conversations;
  return preparedFor(db, 'notification_conversation_facts', (on) =>
    on
      .select({ id: c.id, displayId: c.displayId, inboxId: c.inboxId, assigneeId: c.assigneeId, status: c.status, contactBlocked: schema.contacts.blocked })
      .from(c)
      .innerJoin(schema.contacts, eq(schema.contacts.id, c.contactId))
      .where(and(eq(c.accountId, accountIdParam), anyIntegerPlaceholder(c.displayId))),
  ).execute({ accountId, ids: displayIds });
}

/**
 * Of these users, those who can read notifications in the account (administrators and agents, with
 * or without a custom role; checkers cannot), each with their notification flags (null: no row yet).
 */
export async function eligibleRecipients(db: Executor, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const au = schema.accountUsers;
  return preparedFor(db, 'notification_recipients', (on) =>
    on
      .select({ userId: au.userId, emailFlags: settings.selectedEmailFlags, pushFlags: settings.selectedPushFlags })
      .from(au)
      .leftJoin(settings, and(eq(settings.accountId, au.accountId), eq(settings.userId, au.userId)))
      .where(and(eq(au.accountId, accountIdParam), anyIntegerPlaceholder(au.userId), inArray(au.role, ['administrator', 'agent']))),
  ).execute({ accountId, ids: userIds });
}

/** The members of some inboxes, by inbox. */
export async function inboxMemberIds(db: Executor, accountId: number, inboxIds: number[]): Promise<Map<number, number[]>> {
  const m = schema.inboxMembers;
  const rows =
    inboxIds.length === 0
      ? []
      : await preparedFor(db, 'notification_inbox_members', (on) =>
          on.select({ inboxId: m.inboxId, userId: m.userId }).from(m).where(and(eq(m.accountId, accountIdParam), anyIntegerPlaceholder(m.inboxId))),
        ).execute({ accountId, ids: inboxIds });
  return groupUserIds(rows.map((r) => [r.inboxId, r.userId]));
}

/** The participants of some conversations, by conversation. */
export async function participantIds(db: Executor, conversationIds: number[]): Promise<Map<number, number[]>> {
  const p = schema.conversationParticipants;
  const rows =
    conversationIds.length === 0
      ? []
      : await preparedFor(db, 'notification_participants', (on) =>
          on.select({ conversationId: p.conversationId, userId: p.userId }).from(p).where(anyIntegerPlaceholder(p.conversationId)),
        ).execute({ ids: conversationIds });
  return groupUserIds(rows.map((r) => [r.conversationId, r.userId]));
}

function groupUserIds(pairs: Array<[number, number]>): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [key, userId] of pairs) out.set(key, [...(out.get(key) ?? []), userId]);
  return out;
}

// --- what presenting needs

/** Users in their push shape's raw form, with their availability in the account. */
export function userRows(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const u = schema.users;
  const au = schema.accountUsers;
  return preparedFor(db, 'notification_users', (on) =>
    on
      .select({ id: u.id, name: u.name, displayName: u.displayName, avatarKey: u.avatarKey, availability: au.availability })
      .from(u)
      .leftJoin(au, and(eq(au.userId, u.id), eq(au.accountId, accountIdParam)))
      .where(anyIntegerPlaceholder(u.id)),
  ).execute({ accountId, ids });
}
export type UserRow = Awaited<ReturnType<typeof userRows>>[number];

export function messageRows(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const m = schema.messages;
  return preparedFor(db, 'notification_messages', (on) => on.select().from(m).where(and(eq(m.accountId, accountIdParam), anyIntegerPlaceholder(m.id)))).execute({ accountId, ids });
}

export async function inboxNames(db: Executor, accountId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const i = schema.inboxes;
  const rows = await preparedFor(db, 'notification_inbox_names', (on) =>
    on.select({ id: i.id, name: i.name }).from(i).where(and(eq(i.accountId, accountIdParam), anyIntegerPlaceholder(i.id))),
  ).execute({ accountId, ids });
  return new Map(rows.map((r) => [r.id, r.name]));
}

// --- settings

export async function findSettingsRow(db: Executor, accountId: number, userId: number): Promise<NotificationSettingsRow | null> {
  const [row] = await db
    .select()
    .from(settings)
    .where(and(eq(settings.accountId, accountId), eq(settings.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Writes the user's flags (the row is made on first use, with the defaults for what is not given). */
export async function upsertSettingsRow(
  db: Executor,
  values: Pick<typeof settings.$inferInsert, 'accountId' | 'userId' | 'selectedEmailFlags' | 'selectedPushFlags'>,
  changes: Partial<Pick<typeof settings.$inferInsert, 'selectedEmailFlags' | 'selectedPushFlags'>>,
): Promise<NotificationSettingsRow> {
  const [row] = await db
    .insert(settings)
    .values(values)
    .onConflictDoUpdate({
      target: [settings.accountId, settings.userId],
      set: Object.keys(changes).length > 0 ? { ...changes, updatedAt: new Date() } : { updatedAt: sql`${settings.updatedAt}` },
    })
    .returning();
  return row!;
}

/** The push flags of these users in the account (null for a user who never changed the defaults). */
export async function pushFlagsByUser(db: Executor, accountId: number, userIds: number[]): Promise<Map<number, NotificationFlag[] | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: settings.userId, pushFlags: settings.selectedPushFlags })
    .from(settings)
    .where(and(eq(settings.accountId, accountId), anyInteger(settings.userId, userIds)));
  return new Map(rows.map((r) => [r.userId, r.pushFlags]));
}
