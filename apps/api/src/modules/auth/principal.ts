import { and, eq, gt, sql } from 'drizzle-orm';
import { preparedFor, schema, type Db, type Executor } from '@app/db';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { membershipColumns, type MembershipRow } from '../../lib/membership.ts';

const { accessTokens, accounts, accountUsers, authTokens, customRoles, users } = schema;

export type SessionUser = { id: number; name: string; email: string; type: 'SuperAdmin' | null };

/**
 * The caller and, on an account route, their membership of that account (null when they are not a member,
 * or no account was asked for). Both come from one prepared statement: authentication and the tenancy check
 * cost one round trip instead of three. Nothing caches it, so a revoked session or token, a removed member,
 * a changed role or a suspended account counts from the next request on, in every process.
 */
export type FoundPrincipal = { user: SessionUser; sessionId: number | null; membership: MembershipRow | null };

const userColumns = { id: users.id, name: users.name, email: users.email, type: users.type };
// The account route's account; 0 elsewhere, which no member row matches (the membership columns come back null).
const memberOfAccount = and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, sql.placeholder('accountId')));

const sessionQuery = (db: Executor) =>
  db
    .select({ sessionId: authTokens.id, tokenHash: authTokens.tokenHash, lastUsedAt: authTokens.lastUsedAt, ...userColumns, ...membershipColumns })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(accountUsers, memberOfAccount)
    .leftJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .leftJoin(customRoles, eq(customRoles.id, accountUsers.customRoleId))
    .where(and(eq(authTokens.client, sql.placeholder('client')), gt(authTokens.expiresAt, sql.placeholder('now'))))
    .limit(1);

const accessTokenQuery = (db: Executor) =>
  db
    .select({ ...userColumns, ...membershipColumns })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.ownerId))
    .leftJoin(accountUsers, memberOfAccount)
    .leftJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .leftJoin(customRoles, eq(customRoles.id, accountUsers.customRoleId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')), eq(accessTokens.ownerType, 'user')))
    .limit(1);

type Row = SessionUser & { [K in keyof MembershipRow]: MembershipRow[K] | null };

function principalOf(row: Row, sessionId: number | null): FoundPrincipal {
  const user = { id: row.id, name: row.name, email: row.email, type: row.type ?? null };
  // role, status and features are NOT NULL: null means the left joins found no member row
  const { role, status, features, customRoleId, customRolePermissions } = row;
  const membership = role === null || status === null || features === null ? null : { role, status, features, customRoleId, customRolePermissions };
  return { user, sessionId, membership };
}

// Writing last_used_at on every request would turn reads into writes; once every few minutes is enough.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

/** The dashboard session of these headers (devise_token_auth's client, access-token and uid), if live. */
export async function findSession(
  db: Db,
  headers: { client: string; token: string; uid: string },
  accountId = 0,
): Promise<FoundPrincipal | null> {
  const [row] = await preparedFor(db, 'auth_session', sessionQuery).execute({ client: headers.client, now: new Date(), accountId });
  if (!row || !safeEqual(row.tokenHash, sha256(headers.token))) return null;
  if (row.email.toLowerCase() !== headers.uid.toLowerCase()) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(authTokens).set({ lastUsedAt: new Date() }).where(eq(authTokens.id, row.sessionId));
  }
  return principalOf(row, row.sessionId);
}

/** The user holding this API access token (agent bots' tokens are not users'). */
export async function findUserByAccessToken(db: Db, token: string, accountId = 0): Promise<FoundPrincipal | null> {
  const [row] = await preparedFor(db, 'auth_access_token', accessTokenQuery).execute({ tokenHash: sha256(token), accountId });
  return row ? principalOf(row, null) : null;
}
