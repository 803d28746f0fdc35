import type { Executor } from '@app/db';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { memberAccess, visibleInboxList } from '../../lib/member-access.ts';
import { accountInboxIds } from './queries.ts';

/**
 * The inboxes whose payment records the caller may see, a view of their access (lib/member-access.ts): null means
 * every inbox of the account (administrators); everyone else sees the inboxes they are members of. Pass the
 * transaction when inside one.
 */
export async function paymentInboxIds(ctx: AccountCtx, db: Executor = ctx.db): Promise<number[] | null> {
  return visibleInboxList(await memberAccess(ctx, db));
}

/**
 * The caller's inboxes narrowed to `inboxId` when one is asked for: an inbox of another account, or one the
 * caller is not a member of, is not found (404), exactly like a missing one.
 */
export async function inboxScope(ctx: AccountCtx, inboxId: number | undefined, db: Executor = ctx.db): Promise<number[] | null> {
  const visible = await paymentInboxIds(ctx, db);
  if (inboxId === undefined) return visible;
  if (visible !== null && !visible.includes(inboxId)) throw notFound();
  if (visible === null && (await accountInboxIds(db, ctx.accountId, [inboxId])).length === 0) throw notFound();
  return [inboxId];
}
