import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { AccountRole } from '@app/shared/constants';
import { canAccess, conversationRestriction, permissionsFor, restrictionAllows, type AccessToken, type ConversationRestriction } from '@app/shared/permissions';
import type { AccountCtx } from './context.ts';

const { accountUsers, customRoles, conversations, conversationParticipants, inboxMembers, users } = schema;

/**
 * THE definition of what a member of an account may see (issue 15: one definition, not three). Every reader
 * is a view of this value: the SQL condition over conversations (REST reads and writes), the inbox list
 * (inboxes, contacts, payments, summaries, ...) and the predicate over one conversation (realtime).
 *
 * - inboxes: administrators every inbox of the account; everyone else the inboxes they are members of;
 * - conversations in those inboxes: administrators, agents, checkers and custom roles with conversation_manage
 *   all of them; otherwise (a custom role) only their own (assigned to them), plus the unassigned ones with
 *   conversation_unassigned_manage, plus those they participate in with conversation_participating_manage
 *   (both narrow permissions add up);
 * - reads: which kinds of record the member may read at all, from the route table (`ROUTE_ACCESS`).
 *
 * Arrays, not sets: the value is also a cache key (JSON) of the conversation counts.
 */
export type MemberAccess = {
  accountId: number;
  userId: number;
  /** 'all' (administrators) or the inboxes the member works in, ascending. */
  inboxes: 'all' | readonly number[];
  /** null: every conversation of their inboxes; otherwise their own plus what the flags add. */
  restriction: ConversationRestriction | null;
  reads: { conversations: boolean; contacts: boolean; payments: boolean };
};

export type { ConversationRestriction };

/** What the predicate needs of one conversation; `assigneeId` undefined means not known (fails closed). */
export type ConversationFacts = { inboxId: number; assigneeId: number | null | undefined; participant?: boolean | undefined };

/** The access value from a member's role, tokens and inboxes: the rules are here and nowhere else. */
export function accessFrom(input: { accountId: number; userId: number; role: AccountRole; tokens: readonly AccessToken[]; inboxIds: readonly number[] }): MemberAccess {
  const { tokens } = input;
  return {
    accountId: input.accountId,
    userId: input.userId,
    inboxes: input.role === 'administrator' ? 'all' : [...new Set(input.inboxIds)].sort((a, b) => a - b),
    restriction: conversationRestriction(tokens),
    reads: {
      conversations: canAccess(tokens, 'api:conversations.index'),
      contacts: canAccess(tokens, 'api:contacts.index'),
      payments: canAccess(tokens, 'api:payments.index'),
    },
  };
}

/** The caller's access (one query for the inboxes, none for administrators). Pass the transaction when inside one. */
export async function memberAccess(ctx: AccountCtx, db: Executor = ctx.db): Promise<MemberAccess> {
  const { role, permissions } = ctx.membership;
  const inboxIds = role === 'administrator' ? [] : await memberInboxIdsOf(db, ctx.accountId, ctx.actor.id);
  return accessFrom({ accountId: ctx.accountId, userId: ctx.actor.id, role, tokens: permissions, inboxIds });
}

/**
 * A member's access read in one query (role, custom-role permissions and inboxes), for code that has no request
 * behind it (the realtime hub). `by` names the user: their id, or the pubsub token of their subscription.
 * Null when they are not a member of the account.
 */
export async function loadMemberAccess(db: Executor, accountId: number, by: { userId: number } | { pubsubToken: string }): Promise<MemberAccess | null> {
  const [row] = await db
    .select({
      userId: users.id,
      role: accountUsers.role,
      customRolePermissions: customRoles.permissions,
      inboxIds: sql<number[]>`array(select ${inboxMembers.inboxId} from ${inboxMembers} where ${inboxMembers.accountId} = ${accountId} and ${inboxMembers.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)))
    .leftJoin(customRoles, eq(customRoles.id, accountUsers.customRoleId))
    .where('userId' in by ? eq(users.id, by.userId) : eq(users.pubsubToken, by.pubsubToken))
    .limit(1);
  if (!row) return null;
  const tokens = permissionsFor({ role: row.role, customRolePermissions: row.customRolePermissions });
  return accessFrom({ accountId, userId: row.userId, role: row.role, tokens, inboxIds: row.inboxIds.map(Number) });
}

/** The inboxes a user works in an account, whatever their role (served by inbox_members_account_user_idx). */
export async function memberInboxIdsOf(db: Executor, accountId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ inboxId: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.userId, userId)));
  return rows.map((r) => r.inboxId).sort((a, b) => a - b);
}

/** View: the visible inboxes as a list, null meaning every inbox of the account. */
export function visibleInboxList(access: MemberAccess): number[] | null {
  return access.inboxes === 'all' ? null : [...access.inboxes];
}

export function inboxVisible(access: MemberAccess, inboxId: number): boolean {
  return access.inboxes === 'all' || access.inboxes.includes(inboxId);
}

/** View: the WHERE condition over `conversations` (tenancy included). */
export function conversationCondition(access: MemberAccess): SQL {
  const conditions: SQL[] = [eq(conversations.accountId, access.accountId)];
  if (access.inboxes !== 'all') conditions.push(access.inboxes.length ? inArray(conversations.inboxId, [...access.inboxes]) : sql`false`);
  const { restriction } = access;
  if (restriction) {
    const allowed: SQL[] = [eq(conversations.assigneeId, access.userId)];
    if (restriction.unassigned) allowed.push(isNull(conversations.assigneeId));
    if (restriction.participating) {
      allowed.push(
        exists(
          sql`(select 1 from ${conversationParticipants} where ${conversationParticipants.conversationId} = ${conversations.id} and ${conversationParticipants.userId} = ${access.userId})`,
        ),
      );
    }
    conditions.push(or(...allowed)!);
  }
  return and(...conditions)!;
}

/**
 * View: whether the member may see one conversation, the same rule as `conversationCondition` over its row.
 * An unknown assignee (undefined) fails closed for restricted members unless they participate.
 */
export function canSeeConversation(access: MemberAccess, c: ConversationFacts): boolean {
  if (!inboxVisible(access, c.inboxId)) return false;
  return restrictionAllows(access.restriction, access.userId, c.assigneeId, c.participant === true) === true;
}
