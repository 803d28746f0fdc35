import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { users, accountUsers, accounts, customRoles, inboxMembers } = schema;

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** The memberships of a user with their account and custom role, most recently active first. */
export async function listMemberships(db: Executor, userId: number) {
  return db
    .select({
      accountId: accounts.id,
      accountName: accounts.name,
      accountStatus: accounts.status,
      accountLocale: accounts.locale,
      role: accountUsers.role,
      availability: accountUsers.availability,
      autoOffline: accountUsers.autoOffline,
      activeAt: accountUsers.activeAt,
      customRoleId: accountUsers.customRoleId,
      customRoleName: customRoles.name,
      customRoleDescription: customRoles.description,
      customRolePermissions: customRoles.permissions,
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .leftJoin(customRoles, eq(customRoles.id, accountUsers.customRoleId))
    .where(eq(accountUsers.userId, userId))
    .orderBy(sql`${accountUsers.activeAt} desc nulls last`, asc(accounts.id));
}
export type MembershipRow = Awaited<ReturnType<typeof listMemberships>>[number];

/**
 * Every inbox membership of a user in the accounts they belong to, in one query: account_users_user_idx
 * finds the accounts, inbox_members_account_user_idx each account's inboxes.
 */
export function listInboxMemberships(db: Executor, userId: number) {
  return db
    .select({ accountId: inboxMembers.accountId, inboxId: inboxMembers.inboxId, isLeader: inboxMembers.isLeader })
    .from(accountUsers)
    .innerJoin(inboxMembers, and(eq(inboxMembers.accountId, accountUsers.accountId), eq(inboxMembers.userId, accountUsers.userId)))
    .where(eq(accountUsers.userId, userId))
    .orderBy(asc(inboxMembers.inboxId));
}
export type InboxMembershipRow = Awaited<ReturnType<typeof listInboxMemberships>>[number];

export async function findMembership(db: Executor, accountId: number, userId: number) {
  const [row] = await db
    .select()
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function touchActiveAccount(db: Executor, accountId: number, userId: number) {
  await db
    .update(accountUsers)
    .set({ activeAt: new Date() })
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
}

