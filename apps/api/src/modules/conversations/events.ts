import type { CONVERSATION_EVENTS } from '@app/shared/events';
import type { AccountCtx } from '../../lib/context.ts';
import type { ConversationRow } from './queries.ts';
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
