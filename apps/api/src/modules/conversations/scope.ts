import type { SQL } from 'drizzle-orm';
import type { Executor } from '@app/db';
import type { AccountCtx } from '../../lib/context.ts';
import { conversationCondition, memberAccess, type MemberAccess } from '../../lib/member-access.ts';

/**
 * Which of an account's conversations a member may see: a view of their access (`lib/member-access.ts`, the one
 * definition shared with the inbox lists and the realtime hub).
 */
export type ConversationScope = MemberAccess;

/** Pass the transaction when inside one: the embedded database has a single connection. */
export function conversationScope(ctx: AccountCtx, db: Executor = ctx.db): Promise<ConversationScope> {
  return memberAccess(ctx, db);
}

/** The WHERE condition of a scope over `conversations` (tenancy included). */
export function scopeCondition(scope: ConversationScope): SQL {
  return conversationCondition(scope);
}
