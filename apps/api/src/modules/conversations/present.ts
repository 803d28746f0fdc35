import type { Conversation } from '@app/shared/conversations';
import { concurrently } from '../../lib/concurrently.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { listAgentsByIds } from '../agents/service.ts';
import { serializeContactPush } from '../contacts/service.ts';
import { summariesOfPicks } from '../messages/summaries.ts';
import { and, eq } from 'drizzle-orm';
import { anyInteger, schema } from '@app/db';
import { notFound } from '../../lib/app-error.ts';
import { selectConversationRows, type ConversationListRow } from './queries.ts';
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

const c = schema.conversations;

/** The payload of one conversation of the account (by its database id), as lists and events carry it. */
export async function presentConversationById(ctx: AccountCtx, id: number) {
  const rows = await selectConversationRows(ctx.db, and(eq(c.accountId, ctx.accountId), eq(c.id, id)), [], 1, 0);
  const [payload] = await presentConversations(ctx, rows);
  if (!payload) throw notFound();
  return payload;
}

/** The payloads of several conversations of the account (by database id) in a fixed number of queries; gone ones and other accounts' are absent. */
export async function presentConversationsByIds(ctx: AccountCtx, ids: number[]) {
  if (ids.length === 0) return new Map<number, Awaited<ReturnType<typeof presentConversations>>[number]>();
  const rows = await selectConversationRows(ctx.db, and(eq(c.accountId, ctx.accountId), anyInteger(c.id, ids)), [], null, 0);
  const payloads = await presentConversations(ctx, rows);
  return new Map(rows.map((row, i) => [row.conversation.id, payloads[i]!]));
}
