import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { AccountRole } from '@app/shared/constants';

const { accountUsers, users } = schema;

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

/** The members of an account (optionally of one role), by name. */
export function listAgentRows(db: Executor, accountId: number, role?: AccountRole): Promise<AgentRow[]> {
  return db
    .select(agentColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), role ? eq(accountUsers.role, role) : undefined))
    .orderBy(sql`lower(${users.name})`, asc(users.id));
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

/** Administrators left in the account; the last one may be neither demoted nor removed. */
export async function countAdministrators(db: Executor, accountId: number): Promise<number> {
  // Lock the account's administrator rows so two concurrent demotions cannot both pass the check.
  const rows = await db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.role, 'administrator')))
    .for('update');
  return rows.length;
}

