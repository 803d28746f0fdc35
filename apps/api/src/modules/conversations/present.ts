import type { Conversation } from '@app/shared/conversations';
import { concurrently } from '../../lib/concurrently.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { listAgentsByIds } from '../agents/service.ts';
import { serializeContactPush } from '../contacts/service.ts';
import { summariesOfPicks } from '../messages/service.ts';
import type { ConversationListRow } from './queries.ts';
import { serializeConversation } from './serializers.ts';

/**
 * Conversation payloads for a page of rows: assignees and the messages the rows picked for their summaries are
 * loaded in batch (two queries at once, whatever the page size).
 */
export async function presentConversations(ctx: AccountCtx, rows: ConversationListRow[]): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const assigneeIds = [...new Set(rows.map((r) => r.conversation.assigneeId).filter((id): id is number => id !== null))];
  const [agents, summaries] = await concurrently(
    ctx.db,
    () => listAgentsByIds(ctx, assigneeIds),
    () =>
      summariesOfPicks(
        ctx.db,
        ctx.accountId,
        rows.map((r) => ({ conversationId: r.conversation.id, displayId: r.conversation.displayId, lastId: r.lastId, lastNonActivityId: r.lastNonActivityId, unreadCount: r.unreadCount })),
        ctx.storage,
      ),
  );
  const agentById = new Map(agents.map((a) => [a.id, a]));
  const url = (key: string) => ctx.storage.url(key);
  return rows.map((row) =>
    serializeConversation(row, {
      contact: serializeContactPush(row.contact, url),
      assignee: row.conversation.assigneeId ? (agentById.get(row.conversation.assigneeId) ?? null) : null,
      summary: summaries.get(row.conversation.id),
    }),
  );
}
