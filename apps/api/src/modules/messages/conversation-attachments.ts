import { CONVERSATION_ATTACHMENTS_PER_PAGE } from '@app/shared/messages';
import type { AccountCtx } from '../../lib/context.ts';
import { loadConversation } from '../conversations/access.ts';
import { conversationAttachmentPage } from './queries/attachments.ts';
import { loadMessagesByIds } from './queries/window.ts';
import { serializeLoaded } from './serializers.ts';

/** GET conversations/:id/attachments: newest first, 100 a page, each with its message's time and sender. */
export async function listConversationAttachments(ctx: AccountCtx, displayId: number, page: number) {
  const conversation = await loadConversation(ctx, displayId);
  const perPage = CONVERSATION_ATTACHMENTS_PER_PAGE;
  const { rows, total } = await conversationAttachmentPage(ctx.db, ctx.accountId, conversation.id, perPage, (page - 1) * perPage);
  const loaded = await loadMessagesByIds(ctx.db, ctx.accountId, [...new Set(rows.map((r) => r.messageId))]);
  const found = new Map<number, { attachment: ReturnType<typeof serializeLoaded>['attachments']; message: ReturnType<typeof serializeLoaded> }>();
  for (const item of loaded) {
    const message = serializeLoaded(item, conversation.displayId, ctx.storage.url);
    found.set(item.message.id, { attachment: message.attachments, message });
  }
  const payload = rows.flatMap((row) => {
    const entry = found.get(row.messageId);
    const attachment = entry?.attachment?.find((a) => a.id === row.id);
    return entry && attachment ? [{ ...attachment, created_at: entry.message.created_at, sender: entry.message.sender ?? null }] : [];
  });
  return { meta: { total_count: total }, payload };
}
