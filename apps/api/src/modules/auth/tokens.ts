import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { SESSION_LIFETIME_SECONDS } from '@app/shared/constants';
import type { SessionHeaders } from '@app/shared/auth';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/crypto.ts';

const { accessTokens, authTokens, userTokens, users } = schema;


/** Opens a dashboard session: a random client id and access token, only the token's hash is kept. */
export async function createSession(
  db: Executor,
  user: { id: number; email: string },
  meta: { ip: string | null; userAgent: string | null },
): Promise<SessionHeaders> {
  const client = randomToken(16);
  const token = randomToken(24);
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000);
  await db.insert(authTokens).values({
    userId: user.id,
    client,
    tokenHash: sha256(token),
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    remoteAddress: meta.ip,
  });
  return {
    'access-token': token,
    'token-type': 'Bearer',
    client,
    expiry: String(Math.floor(expiresAt.getTime() / 1000)),
    uid: user.email,
  };
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.id, sessionId));
}

/** Whether the user still has a live session (expired rows may linger until they are pruned). */
export async function hasSessions(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/**
 * Replaces the user's `/cable` pubsub token (when none of their sessions remain, on a password change or reset,
 * on an access-token reset), so a token read by a session that ended (or by whoever stole it) subscribes to
 * nothing. Publish `signOutSockets` after the commit: it ends the sockets that are not in a live session.
 */
export async function rotatePubsubToken(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ pubsubToken: randomToken(18) }).where(eq(users.id, userId));
}

/** Ends every session of a user except, optionally, the one making the change. */
export async function revokeSessions(db: Executor, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), keepSessionId ? ne(authTokens.id, keepSessionId) : undefined));
}

export { issueAccessToken, readAccessToken } from '../users/access-tokens.ts';

export type OneTimePurpose = (typeof schema.userTokenPurpose.enumValues)[number];

/** A single-use mailed token (reset, confirmation, invitation); issuing one voids earlier ones of that purpose. */
export async function issueOneTimeToken(db: Executor, userId: number, purpose: OneTimePurpose, lifetimeSeconds: number) {
  const token = randomToken(32);
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)));
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
  });
  return token;
}

/** Marks a one-time token used and answers its user id, or null when unknown, used or expired. */
export async function consumeOneTimeToken(db: Executor, token: string, purposes: OneTimePurpose[]) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
        inArray(userTokens.purpose, purposes),
      ),
    )
    .returning({ userId: userTokens.userId, purpose: userTokens.purpose });
  return row ?? null;
}

// Agent bots hold API access tokens in the same table (owner agent_bot), hashed for lookup and sealed
// so administrators can read them again. Using them against the API comes with the conversations work.

/** Gives an agent bot a fresh API access token, replacing (rotating) any earlier one; answers it in clear. */
export async function issueAgentBotToken(db: Executor, secret: string, botId: number): Promise<string> {
  const token = randomToken(24);
  const sealed = { tokenHash: sha256(token), tokenEncrypted: encrypt(secret, token) };
  await db
    .insert(accessTokens)
    .values({ ownerType: 'agent_bot', ownerId: botId, ...sealed })
    .onConflictDoUpdate({ target: [accessTokens.ownerType, accessTokens.ownerId], set: { ...sealed, createdAt: new Date() } });
  return token;
}

/** The clear tokens of these agent bots by bot id; a bot without a token is absent from the map. */
export async function readAgentBotTokens(db: Executor, secret: string, botIds: number[]): Promise<Map<number, string>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .select({ botId: accessTokens.ownerId, sealed: accessTokens.tokenEncrypted })
    .from(accessTokens)
    .where(and(eq(accessTokens.ownerType, 'agent_bot'), inArray(accessTokens.ownerId, botIds)));
  return new Map(rows.map((row) => [row.botId, decrypt(secret, row.sealed)]));
}

export async function deleteAgentBotToken(db: Executor, botId: number): Promise<void> {
  await db.delete(accessTokens).where(and(eq(accessTokens.ownerType, 'agent_bot'), eq(accessTokens.ownerId, botId)));
}

/** The id of the agent bot that holds this token, or null. */
export async function findAgentBotIdByAccessToken(db: Executor, token: string): Promise<number | null> {
  const [row] = await db
    .select({ botId: accessTokens.ownerId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, sha256(token)), eq(accessTokens.ownerType, 'agent_bot')))
    .limit(1);
  return row?.botId ?? null;
}
