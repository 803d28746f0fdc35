import type { Executor } from '@app/db';
import type { AccountCtx } from '../../lib/context.ts';
import { memberInboxIdRows } from './queries.ts';

/** The inboxes a user works in an account. */
export function memberInboxIds(db: Executor, accountId: number, userId: number): Promise<number[]> {
  return memberInboxIdRows(db, accountId, userId);
}

/**
 * The inboxes the caller may see: null means every inbox of the account (administrators); everyone
 * else (agents, custom roles, checkers) sees only the inboxes they are members of.
 */
export async function visibleInboxIds(ctx: AccountCtx): Promise<number[] | null> {
  if (ctx.membership.role === 'administrator') return null;
  return memberInboxIds(ctx.db, ctx.accountId, ctx.actor.id);
}
