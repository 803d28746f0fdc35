import type { MessageEventData } from '@app/shared/events';
import type { Message } from '@app/shared/messages';
import type { AccountCtx } from '../../lib/context.ts';
import type { CreatedMessage } from './create.ts';
import { serializeMessages } from './present.ts';
import type { MessageRow } from './queries/rows.ts';

export type PublishCtx = Pick<AccountCtx, 'db' | 'accountId' | 'storage' | 'bus'>;

/** The inbox id scopes delivery to the inbox's members (and administrators). */
function publish(ctx: PublishCtx, name: 'message.created' | 'message.updated', data: MessageEventData) {
  ctx.bus.publish({ name, accountId: data.account_id, inboxId: data.inbox_id, data });
}

/**
 * After the commit: message.created for a message createMessage made (nothing for an echo_id repeat),
 * then conversation.mentioned for each mentioned user; or for a row (an activity message from
 * createActivityMessage), serialized here. The payload is the message object plus Chatwoot's
 * `conversation` stub (assignee_id when known, last_activity_at).
 */
export async function publishMessageCreated(ctx: PublishCtx, source: CreatedMessage | MessageRow): Promise<void> {
  if ('kind' in source) {
    if (!source.created) return;
    const { message, conversation } = source;
    publish(ctx, 'message.created', { ...message, conversation: { assignee_id: conversation.assigneeId, last_activity_at: message.created_at } });
    for (const userId of source.mentionedUserIds) {
      ctx.bus.publish({
        name: 'conversation.mentioned',
        accountId: message.account_id,
        inboxId: conversation.inboxId,
        userId,
        data: { id: conversation.displayId, inbox_id: conversation.inboxId, account_id: message.account_id, message },
      });
    }
    return;
  }
  const [message] = await serializeMessages(ctx, [source]);
  if (message) publish(ctx, 'message.created', { ...message, conversation: { last_activity_at: message.created_at } });
}

/** After the commit: message.updated (delete, status report, retry, translation). */
export function publishMessageUpdated(ctx: PublishCtx, message: Message): void {
  publish(ctx, 'message.updated', message);
}
