import type { CONVERSATION_EVENTS } from '@app/shared/events';
import { inArray } from 'drizzle-orm';
import { schema } from '@app/db';
import type { AccountCtx } from '../../lib/context.ts';
import { presentConversations } from './present.ts';
import { selectConversationRows, type ConversationRow } from './queries.ts';
import { presentConversationById } from './service.ts';

type ConversationEventName = (typeof CONVERSATION_EVENTS)[number];

/**
 * After a commit: each event carries the conversation as clients show it (Chatwoot's push payload),
 * built once however many events the change raised. Scoped to the conversation's inbox.
 */
export async function publishConversationEvents(ctx: AccountCtx, row: ConversationRow, names: ConversationEventName[]) {
  if (names.length === 0) return;
  const data = await presentConversationById(ctx, row.id);
  for (const name of names) ctx.bus.publish({ name, accountId: row.accountId, inboxId: row.inboxId, data });
}

/** One event per conversation for a batch (bulk work), presented in a fixed number of queries. */
export async function publishConversationsEvent(ctx: AccountCtx, ids: number[], name: ConversationEventName) {
  if (ids.length === 0) return;
  const rows = await selectConversationRows(ctx.db, inArray(schema.conversations.id, ids), [], ids.length, 0);
  const payloads = await presentConversations(ctx, rows);
  rows.forEach((row, i) => ctx.bus.publish({ name, accountId: row.conversation.accountId, inboxId: row.conversation.inboxId, data: payloads[i]! }));
}
