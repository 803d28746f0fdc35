import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { AccessToken } from '@app/shared/permissions';
import type { AccountCtx } from '../../lib/context.ts';
import { memberInboxIds } from '../inbox-members/service.ts';

const { conversations, conversationParticipants } = schema;

/**
 * Which of an account's conversations a member may see (001 section 6, Chatwoot's custom roles):
 * - administrators: all of them;
 * - agents, checkers and custom roles with conversation_manage: those of the inboxes they are members of;
 * - conversation_unassigned_manage: in their inboxes, the unassigned ones and their own;
 * - conversation_participating_manage: in their inboxes, their own and those they participate in.
 * The two narrower permissions add up when a role holds both.
 */
export type ConversationScope = {
  accountId: number;
  userId: number;
  /** null = every inbox of the account. */
  inboxIds: number[] | null;
  unassigned: boolean;
  participating: boolean;
  /** false when neither restriction applies (every conversation of the inboxes). */
  restricted: boolean;
};

/** Pass the transaction when inside one: the embedded database has a single connection. */
export async function conversationScope(ctx: AccountCtx, db: Executor = ctx.db): Promise<ConversationScope> {
  const base = { accountId: ctx.accountId, userId: ctx.actor.id };
  const inboxIds = ctx.membership.role === 'administrator' ? null : await memberInboxIds(db, ctx.accountId, ctx.actor.id);
  const tokens: readonly AccessToken[] = ctx.membership.permissions;
  const full = tokens.includes('administrator') || tokens.includes('agent') || tokens.includes('checker') || tokens.includes('conversation_manage');
  const unassigned = !full && tokens.includes('conversation_unassigned_manage');
  const participating = !full && tokens.includes('conversation_participating_manage');
  return { ...base, inboxIds, unassigned, participating, restricted: !full };
}

/** The WHERE condition of a scope over `conversations` (tenancy included). */
export function scopeCondition(scope: ConversationScope): SQL {
  const conditions: (SQL | undefined)[] = [eq(conversations.accountId, scope.accountId)];
  if (scope.inboxIds) conditions.push(scope.inboxIds.length ? inArray(conversations.inboxId, scope.inboxIds) : sql`false`);
  if (scope.restricted) {
    const allowed: SQL[] = [eq(conversations.assigneeId, scope.userId)];
    if (scope.unassigned) allowed.push(isNull(conversations.assigneeId));
    if (scope.participating) {
      allowed.push(
        exists(
          sql`(select 1 from ${conversationParticipants} where ${conversationParticipants.conversationId} = ${conversations.id} and ${conversationParticipants.userId} = ${scope.userId})`,
        ),
      );
    }
    conditions.push(or(...allowed));
  }
  return and(...conditions)!;
}
