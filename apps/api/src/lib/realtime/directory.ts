import { and, eq, gt, inArray } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { AccountRole } from '@app/shared/constants';
import { memberInboxIds } from '../../modules/inbox-members/service.ts';

export type Membership = { userId: number; role: AccountRole; inboxIds: Set<number> };

/** The user behind a pubsub token, if they are a member of the account; null otherwise. */
export async function findMembershipByToken(db: Executor, pubsubToken: string, accountId: number): Promise<Membership | null> {
  const [row] = await db
    .select({ userId: schema.users.id, role: schema.accountUsers.role })
    .from(schema.users)
    .innerJoin(schema.accountUsers, eq(schema.accountUsers.userId, schema.users.id))
    .where(and(eq(schema.users.pubsubToken, pubsubToken), eq(schema.accountUsers.accountId, accountId)))
    .limit(1);
  if (!row) return null;
  return { userId: row.userId, role: row.role, inboxIds: await inboxesOf(db, accountId, row.userId, row.role) };
}

/** Whether this dashboard session still lives (not signed out, revoked by a password change or reset, nor expired). */
export async function sessionLives(db: Executor, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.authTokens.id })
    .from(schema.authTokens)
    .where(and(eq(schema.authTokens.id, sessionId), gt(schema.authTokens.expiresAt, new Date())));
  return row !== undefined;
}

/** The user's current role and inboxes in the account (after members changed); null when no longer a member. */
export async function findMembership(db: Executor, accountId: number, userId: number): Promise<Membership | null> {
  const [row] = await db
    .select({ role: schema.accountUsers.role })
    .from(schema.accountUsers)
    .where(and(eq(schema.accountUsers.accountId, accountId), eq(schema.accountUsers.userId, userId)))
    .limit(1);
  if (!row) return null;
  return { userId, role: row.role, inboxIds: await inboxesOf(db, accountId, userId, row.role) };
}

async function inboxesOf(db: Executor, accountId: number, userId: number, role: AccountRole) {
  // Administrators see every inbox; their membership list is not consulted.
  return new Set(role === 'administrator' ? [] : await memberInboxIds(db, accountId, userId));
}

/** The availability (online, busy, offline) each of these users set in the account. */
export async function availabilityOf(db: Executor, accountId: number, userIds: number[]): Promise<Record<string, string>> {
  if (userIds.length === 0) return {};
  const rows = await db
    .select({ userId: schema.accountUsers.userId, availability: schema.accountUsers.availability })
    .from(schema.accountUsers)
    .where(and(eq(schema.accountUsers.accountId, accountId), inArray(schema.accountUsers.userId, userIds)));
  return Object.fromEntries(rows.map((r) => [String(r.userId), r.availability]));
}
