import { and, asc, count, countDistinct, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { ConversationStatus } from '@app/shared/constants';

const { accountUsers, conversations, inboxMembers, inboxes, users } = schema;

export type MemberFlags = { userId: number; isLeader: boolean; canViewData: boolean };

/** Of these inbox ids, the ones of the account. */
export async function accountInboxIds(db: Executor, accountId: number, inboxIds: number[]): Promise<number[]> {
  if (inboxIds.length === 0) return [];
  const rows = await db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), inArray(inboxes.id, inboxIds)));
  return rows.map((r) => r.id);
}

/**
 * Locks the account's inbox row so two member changes of one inbox run one after the other (a PATCH reads
 * the set it replaces). NO KEY UPDATE leaves rows that reference the inbox free to be written.
 */
export async function lockInbox(db: Executor, accountId: number, inboxId: number): Promise<boolean> {
  const rows = await db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, inboxId)))
    .for('no key update');
  return rows.length > 0;
}


/** An inbox's members and their flags, by user id (served by the primary key). */
export function listMemberFlags(db: Executor, inboxId: number): Promise<MemberFlags[]> {
  return db
    .select({ userId: inboxMembers.userId, isLeader: inboxMembers.isLeader, canViewData: inboxMembers.canViewData })
    .from(inboxMembers)
    .where(eq(inboxMembers.inboxId, inboxId))
    .orderBy(asc(inboxMembers.userId));
}

/**
 * Writes members with their flags. `merge` keeps flags already on (POST adds); `overwrite` sets them
 * exactly as given (PATCH replaces).
 */
export async function upsertMembers(db: Executor, accountId: number, inboxId: number, rows: MemberFlags[], mode: 'merge' | 'overwrite') {
  if (rows.length === 0) return;
  const set =
    mode === 'merge'
      ? { isLeader: sql`${inboxMembers.isLeader} or excluded.is_leader`, canViewData: sql`${inboxMembers.canViewData} or excluded.can_view_data` }
      : { isLeader: sql`excluded.is_leader`, canViewData: sql`excluded.can_view_data` };
  await db
    .insert(inboxMembers)
    .values(rows.map((r) => ({ accountId, inboxId, ...r })))
    .onConflictDoUpdate({ target: [inboxMembers.inboxId, inboxMembers.userId], set });
}

export async function deleteMembers(db: Executor, inboxId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db.delete(inboxMembers).where(and(eq(inboxMembers.inboxId, inboxId), inArray(inboxMembers.userId, userIds)));
}

/** Confirmed users who are members of every one of these inboxes (an account's inbox ids, deduplicated). */
export async function confirmedCommonMemberIds(db: Executor, accountId: number, inboxIds: number[]): Promise<number[]> {
  if (inboxIds.length === 0) return [];
  const rows = await db
    .select({ userId: inboxMembers.userId })
    .from(inboxMembers)
    .innerJoin(users, eq(users.id, inboxMembers.userId))
    .where(and(eq(inboxMembers.accountId, accountId), inArray(inboxMembers.inboxId, inboxIds), isNotNull(users.confirmedAt)))
    .groupBy(inboxMembers.userId)
    .having(eq(countDistinct(inboxMembers.inboxId), inboxIds.length));
  return rows.map((r) => r.userId);
}

/** The account's administrators among these users (or all of them when `userIds` is null), confirmed ones only if asked. */
export async function administratorIds(db: Executor, accountId: number, userIds: number[] | null, confirmedOnly = false): Promise<number[]> {
  if (userIds?.length === 0) return [];
  const rows = await db
    .select({ userId: accountUsers.userId })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(
      and(
        eq(accountUsers.accountId, accountId),
        eq(accountUsers.role, 'administrator'),
        userIds ? inArray(accountUsers.userId, userIds) : undefined,
        confirmedOnly ? isNotNull(users.confirmedAt) : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}

/** Of these users, the members of the inbox. */
export async function inboxMemberIdsAmong(db: Executor, inboxId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: inboxMembers.userId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.inboxId, inboxId), inArray(inboxMembers.userId, userIds)));
  return rows.map((r) => r.userId);
}

export async function isInboxLeader(db: Executor, accountId: number, inboxId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isLeader: inboxMembers.isLeader })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.inboxId, inboxId), eq(inboxMembers.userId, userId)))
    .limit(1);
  return row?.isLeader ?? false;
}

// --- conversations for bulk assignment

export type AssignableConversation = { id: number; displayId: number; inboxId: number; assigneeId: number | null };
const conversationColumns = { id: conversations.id, displayId: conversations.displayId, inboxId: conversations.inboxId, assigneeId: conversations.assigneeId };

/**
 * The account's conversations with these display ids (conversations_account_display_id_key), locked in
 * id order so two bulk assignments over the same conversations wait for each other instead of deadlocking.
 */
export function lockConversationsByDisplayIds(db: Executor, accountId: number, displayIds: number[]): Promise<AssignableConversation[]> {
  return db
    .select(conversationColumns)
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), inArray(conversations.displayId, displayIds)))
    .orderBy(asc(conversations.id))
    .for('update');
}

/**
 * An inbox's unassigned conversations of one status, oldest activity first (conversations_inbox_status_activity_idx).
 * Rows another transaction holds are skipped, so concurrent bulk assignments never hand out the same conversation.
 */
export function lockUnassignedConversations(db: Executor, accountId: number, inboxId: number, status: ConversationStatus, limit: number): Promise<AssignableConversation[]> {
  return db
    .select(conversationColumns)
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.inboxId, inboxId), eq(conversations.status, status), isNull(conversations.assigneeId)))
    .orderBy(asc(conversations.lastActivityAt), asc(conversations.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Open conversations of the inbox assigned to each of these users (conversations_inbox_status_activity_idx),
 * leaving out the conversations being redistributed. Per inbox, as auto-assignment counts an agent's load.
 */
export async function openConversationCounts(db: Executor, inboxId: number, userIds: number[], exceptIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ assigneeId: conversations.assigneeId, value: count() })
    .from(conversations)
    .where(
      and(
        eq(conversations.inboxId, inboxId),
        eq(conversations.status, 'open'),
        inArray(conversations.assigneeId, userIds),
        exceptIds.length > 0 ? notInArray(conversations.id, exceptIds) : undefined,
      ),
    )
    .groupBy(conversations.assigneeId);
  return new Map(rows.map((r) => [r.assigneeId!, r.value]));
}

export type AssigneeChange = { id: number; displayId: number; inboxId: number; previousAssigneeId: number | null; assigneeId: number | null };

/**
 * Sets each conversation's assignee in one statement (UPDATE … FROM (VALUES …)); rows that already have
 * that assignee are left alone. The self-join reads the assignee before the update.
 */
export async function updateAssignees(db: Executor, accountId: number, assignments: { conversationId: number; assigneeId: number | null }[]): Promise<AssigneeChange[]> {
  if (assignments.length === 0) return [];
  const values = sql.join(
    assignments.map((a) => sql`(${a.conversationId}::integer, ${a.assigneeId}::integer)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update ${conversations} as c
    set assignee_id = v.assignee_id, updated_at = now()
    from (values ${values}) as v(id, assignee_id), ${conversations} as before
    where c.id = v.id and before.id = c.id and c.account_id = ${accountId}
      and c.assignee_id is distinct from v.assignee_id
    returning c.id, c.display_id, c.inbox_id, before.assignee_id as previous_assignee_id, c.assignee_id`);
  // Both drivers (node-postgres and PGlite) answer raw statements as { rows }.
  const { rows } = result as unknown as { rows: { id: number; display_id: number; inbox_id: number; previous_assignee_id: number | null; assignee_id: number | null }[] };
  return rows.map((r) => ({ id: r.id, displayId: r.display_id, inboxId: r.inbox_id, previousAssigneeId: r.previous_assignee_id, assigneeId: r.assignee_id }));
}
