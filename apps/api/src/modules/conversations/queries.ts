import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { scopeCondition, type ConversationScope } from './scope.ts';

const { conversations } = schema;
export type ConversationRow = typeof conversations.$inferSelect;

/** One conversation by display id, if the scope lets the caller see it. */
export async function findConversationRow(db: Executor, scope: ConversationScope, displayId: number, lock = false): Promise<ConversationRow | null> {
  const query = db
    .select()
    .from(conversations)
    .where(and(scopeCondition(scope), eq(conversations.displayId, displayId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
