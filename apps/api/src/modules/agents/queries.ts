import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { anyIntegerPlaceholder, preparedFor, schema, type Executor } from '@app/db';
import type { AccountRole } from '@app/shared/constants';

const { accountUsers, users, inboxMembers } = schema;

const agentColumns = {
  userId: users.id,
  accountId: accountUsers.accountId,
  name: users.name,
  displayName: users.displayName,
  email: users.email,
  confirmedAt: users.confirmedAt,
  avatarKey: users.avatarKey,
  role: accountUsers.role,
  availability: accountUsers.availability,
  autoOffline: accountUsers.autoOffline,
  customRoleId: accountUsers.customRoleId,
};

export type AgentRow = {
  userId: number;
  accountId: number;
  name: string;
  displayName: string | null;
  email: string;
  confirmedAt: Date | null;
  avatarKey: string | null;
  role: AccountRole;
  availability: 'online' | 'busy' | 'offline';
  autoOffline: boolean;
  customRoleId: number | null;
};

export type AgentFilter = {
  role?: AccountRole | undefined;
  /** Only these users. */
  userIds?: number[] | undefined;
  /** Only members who lead at least one inbox of the account. */
  leaders?: boolean | undefined;
};

/** The members of an account (optionally filtered), by name. */
export function listAgentRows(db: Executor, accountId: number, filter: AgentFilter = {}): Promise<AgentRow[]> {
  const leads = db
    .select({ one: sql`1` })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountUsers.accountId), eq(inboxMembers.userId, accountUsers.userId), eq(inboxMembers.isLeader, true)));
  return db
    .select(agentColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(
      and(
        eq(accountUsers.accountId, accountId),
        filter.role ? eq(accountUsers.role, filter.role) : undefined,
        filter.userIds ? inArray(accountUsers.userId, filter.userIds) : undefined,
        filter.leaders ? exists(leads) : undefined,
      ),
    )
    .orderBy(sql`lower(${users.name})`, asc(users.id));
}

const byIdsQuery = (db: Executor) =>
  db
    .select(agentColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, sql.placeholder('accountId')), anyIntegerPlaceholder(accountUsers.userId, 'userIds')))
    .orderBy(sql`lower(${users.name})`, asc(users.id));

/**
 * The members of an account among these user ids, by name: `listAgentRows` with `userIds`, as one prepared statement
 * (every conversation list loads its page's assignees with it; building the query was most of its CPU).
 */
export function agentRowsByIds(db: Executor, accountId: number, userIds: number[]): Promise<AgentRow[]> {
  return preparedFor(db, 'agents_by_ids', byIdsQuery).execute({ accountId, userIds });
}

export async function findAgentRow(db: Executor, accountId: number, userId: number): Promise<AgentRow | null> {
  const [row] = await db
    .select(agentColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateMembership(
  db: Executor,
  accountId: number,
  userId: number,
  values: Partial<Pick<typeof accountUsers.$inferInsert, 'role' | 'availability' | 'autoOffline' | 'customRoleId'>>,
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(accountUsers)
    .set(values)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
}

export async function renameUser(db: Executor, userId: number, name: string) {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

export async function deleteMembership(db: Executor, accountId: number, userId: number) {
  await db.delete(accountUsers).where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
}

/**
 * A member leaving the account leaves its inboxes too (served by inbox_members_account_user_idx); answers
 * how many memberships went. The rows belong to the membership, so they go in the same transaction.
 */
export async function deleteInboxMemberships(db: Executor, accountId: number, userId: number): Promise<number> {
  const rows = await db
    .delete(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.userId, userId)))
    .returning({ inboxId: inboxMembers.inboxId });
  return rows.length;
}

/**
 * A member leaving an account leaves its teams, and their conversations there go back to the
 * unassigned tab (Chatwoot does the same), so nothing stays with someone who can no longer answer.
 */
export async function releaseMemberWork(db: Executor, accountId: number, userId: number) {
  const { teams, teamMembers, conversations } = schema;
  await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, db.select({ id: teams.id }).from(teams).where(eq(teams.accountId, accountId)))));
  const released = await db
    .update(conversations)
    .set({ assigneeId: null })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.assigneeId, userId)))
    .returning({ id: conversations.id });
  return released.length;
}

/** Administrators left in the account; the last one may be neither demoted nor removed. */
/** The account's administrators, and how many of them have a confirmed (verified) user. */
export async function countAdministrators(db: Executor, accountId: number): Promise<{ total: number; confirmed: number }> {
  // Lock the account's administrator rows so two concurrent demotions cannot both pass the check.
  const rows = await db
    .select({ id: accountUsers.id, confirmedAt: users.confirmedAt })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.role, 'administrator')))
    .for('update', { of: accountUsers });
  return { total: rows.length, confirmed: rows.filter((row) => row.confirmedAt !== null).length };
}

/** Of these user ids, the ones that are members of the account. */
export async function accountMemberIdRows(db: Executor, accountId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: accountUsers.userId })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), inArray(accountUsers.userId, userIds)));
  return rows.map((r) => r.userId);
}
