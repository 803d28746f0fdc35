import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { conversationCondition, loadMemberAccess, type MemberAccess } from '../member-access.ts';
import { KNOWN_CONVERSATIONS_CAP, type Subscriber } from './scope.ts';

/** The user behind a pubsub token with their access, if they are a member of the account; null otherwise. */
export function findAccessByToken(db: Executor, pubsubToken: string, accountId: number): Promise<MemberAccess | null> {
  return loadMemberAccess(db, accountId, { pubsubToken });
}

/** The user's current access in the account (after members or roles changed); null when no longer a member. */
export function findAccess(db: Executor, accountId: number, userId: number): Promise<MemberAccess | null> {
  return loadMemberAccess(db, accountId, { userId });
}

/**
 * What the hub keeps of a restricted member's conversations (lib/realtime/scope.ts `Subscriber`): the ones they may
 * see now by the REST condition with their assignees, most recently active first (at most KNOWN_CONVERSATIONS_CAP),
 * and the ones they participate in. Nothing for unrestricted members (their inboxes decide).
 */
export async function conversationStateOf(db: Executor, access: MemberAccess): Promise<Pick<Subscriber, 'conversations' | 'participating'>> {
  const state = { conversations: new Map<number, number | null>(), participating: new Set<number>() };
  if (!access.restriction || !access.reads.conversations) return state;
  const c = schema.conversations;
  const p = schema.conversationParticipants;
  const visible = await db
    .select({ displayId: c.displayId, assigneeId: c.assigneeId })
    .from(c)
    .where(conversationCondition(access))
    .orderBy(desc(c.lastActivityAt), desc(c.id))
    .limit(KNOWN_CONVERSATIONS_CAP);
  // oldest first: the map's insertion order is its recency
  for (const row of visible.reverse()) state.conversations.set(row.displayId, row.assigneeId);
  if (access.restriction.participating) {
    const rows = await db
      .select({ displayId: c.displayId })
      .from(p)
      .innerJoin(c, eq(c.id, p.conversationId))
      .where(and(eq(p.userId, access.userId), eq(c.accountId, access.accountId)));
    for (const row of rows) state.participating.add(row.displayId);
  }
  return state;
}

/** Whether this dashboard session still lives (not signed out, revoked by a password change or reset, nor expired). */
export async function sessionLives(db: Executor, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.authTokens.id })
    .from(schema.authTokens)
    .where(and(eq(schema.authTokens.id, sessionId), gt(schema.authTokens.expiresAt, new Date())));
  return row !== undefined;
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
