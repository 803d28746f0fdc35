import type { Executor } from '@app/db';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { findConversationRow, type ConversationRow } from './queries.ts';
import { conversationScope } from './scope.ts';

export type { ConversationRow };

/**
 * The conversation with this display id, if the caller may see it; 404 otherwise (another account's,
 * another inbox's, or outside a custom role's reach). Pass a transaction and `lock` to hold the row.
 * A leaf of the module: messages and the others below conversations read conversations through it.
 */
export async function loadConversation(ctx: AccountCtx, displayId: number, options: { tx?: Executor; lock?: boolean } = {}): Promise<ConversationRow> {
  const db = options.tx ?? ctx.db;
  const scope = await conversationScope(ctx, db);
  const row = await findConversationRow(db, scope, displayId, options.lock ?? false);
  if (!row) throw notFound();
  return row;
}
