import type { Executor } from '@app/db';
import {
  DELETED_MESSAGE_CONTENT,
  type CreateMessageBody,
  type ListMessagesQuery,
  type Message,
  type MessageList,
  type TranslateMessageBody,
  type UpdateMessageBody,
} from '@app/shared/messages';
import type { MessageStatus } from '@app/shared/constants';
import { AppError, forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { systemCtx, type AccountCtx, type Services } from '../../lib/context.ts';
import { recordEvents, type OutboxEventName } from '../../lib/outbox.ts';
import { TranslationError, translationProvider } from '../../lib/translation.ts';
import { listAgentsByIds } from '../agents/service.ts';
import { loadConversation, publishConversationEvents } from '../conversations/service.ts';
import { serializeContactPush } from '../contacts/service.ts';
import { createMessage } from './create.ts';
import { publishMessageCreated, publishMessageUpdated } from './events.ts';
import { serializeMessages } from './present.ts';
import { deleteAttachmentRows } from './queries/attachments.ts';
import { findChannelType, findMessageById, findMessageRow, type MessageRow } from './queries/rows.ts';
import { findContactRow } from './queries/senders.ts';
import { markForRetry, storeTranslation, updateMessageRow } from './queries/updates.ts';
import { loadMessageWindow } from './queries/window.ts';
import { serializeLoaded, unixOrNull } from './serializers.ts';

/** The outbox entry of an event about a message. */
const messageEntry = (row: MessageRow, name: OutboxEventName) => ({ name, accountId: row.accountId, inboxId: row.inboxId, subject: { messageId: row.id, conversationId: row.conversationId } });

/** GET messages: one window (see ListMessagesQuerySchema), ascending, with the conversation's meta. */
export async function listMessages(ctx: AccountCtx, displayId: number, query: ListMessagesQuery): Promise<MessageList> {
  const conversation = await loadConversation(ctx, displayId);
  const [loaded, contact, assignees] = await Promise.all([
    loadMessageWindow(ctx.db, ctx.accountId, conversation.id, query),
    findContactRow(ctx.db, ctx.accountId, conversation.contactId),
    conversation.assigneeId ? listAgentsByIds(ctx, [conversation.assigneeId]) : Promise.resolve([]),
  ]);
  if (!contact) throw notFound();
  const url = ctx.storage.url;
  return {
    meta: {
      labels: conversation.labels,
      additional_attributes: conversation.additionalAttributes,
      contact: serializeContactPush(contact, url),
      assignee: assignees[0] ?? null,
      agent_last_seen_at: unixOrNull(conversation.agentLastSeenAt),
      assignee_last_seen_at: unixOrNull(conversation.assigneeLastSeenAt),
    },
    payload: loaded.map((m) => serializeLoaded(m, conversation.displayId, url)),
  };
}

/** POST messages: creates (or, for a repeated echo_id, answers the first) and publishes after the commit. */
export async function postMessage(ctx: AccountCtx, displayId: number, input: CreateMessageBody): Promise<Message> {
  const conversation = await loadConversation(ctx, displayId);
  const created = await createMessage(ctx, conversation, input);
  await publishMessageCreated(ctx, created);
  // The contact wrote into a resolved or snoozed conversation: it is open again, and everyone sees it.
  if (created.reopened) await publishConversationEvents(ctx, { ...conversation, status: 'open', snoozedUntil: null }, ['conversation.status_changed'], conversation);
  if (created.firstReply) await publishConversationEvents(ctx, conversation, ['first.reply.created']);
  return created.message;
}

async function present(ctx: AccountCtx, row: MessageRow): Promise<Message> {
  const [message] = await serializeMessages(ctx, [row]);
  return message!;
}

/**
 * DELETE messages/:id, a soft delete as in Chatwoot: the content becomes "This message was deleted",
 * content_type text, content_attributes only {deleted: true}; attachment rows and files go. Anyone who
 * may write in the conversation may delete any message but an activity message (422). Deleting a
 * deleted message answers it unchanged.
 */
export async function deleteMessage(ctx: AccountCtx, displayId: number, messageId: number): Promise<Message> {
  const conversation = await loadConversation(ctx, displayId);
  const { row, keys, changed } = await ctx.db.transaction(async (tx) => {
    const current = await findMessageRow(tx, ctx.accountId, conversation.id, messageId, true);
    if (!current) throw notFound();
    if (current.messageType === 'activity') throw invalid('message', 'is an activity message and cannot be deleted');
    if (current.contentAttributes.deleted === true) return { row: current, keys: [], changed: false };
    const keys = await deleteAttachmentRows(tx, current.id);
    const row = await updateMessageRow(tx, ctx.accountId, current.id, { content: DELETED_MESSAGE_CONTENT, contentType: 'text', contentAttributes: { deleted: true } });
    await recordEvents(tx, [messageEntry(row!, 'message.updated')]);
    return { row: row!, keys, changed: true };
  });
  for (const key of keys) {
    await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove a deleted message attachment file'));
  }
  const message = await present(ctx, row);
  if (changed) publishMessageUpdated(ctx, message);
  return message;
}

const STATUS_RANK: Record<MessageStatus, number> = { progress: 0, failed: 0, sent: 1, delivered: 2, read: 3 };

/**
 * PATCH messages/:id: an API-channel integrator reports the delivery state (403 on other inboxes).
 * failed keeps the error in content_attributes.external_error; sent/delivered/read clear it. A report
 * older than the state the message already has (sent after delivered, delivered after read) changes
 * nothing, since providers' callbacks arrive out of order.
 */
export async function updateMessageStatus(ctx: AccountCtx, displayId: number, messageId: number, input: UpdateMessageBody): Promise<Message> {
  const conversation = await loadConversation(ctx, displayId);
  if ((await findChannelType(ctx.db, ctx.accountId, conversation.inboxId)) !== 'Channel::Api') throw forbidden();
  const { row, changed } = await ctx.db.transaction(async (tx) => {
    const current = await findMessageRow(tx, ctx.accountId, conversation.id, messageId, true);
    if (!current) throw notFound();
    if (current.messageType === 'activity' || current.private) throw invalid('status', 'can be reported only for messages that are delivered');
    if (input.status !== 'failed' && STATUS_RANK[current.status] > STATUS_RANK[input.status]) return { row: current, changed: false };
    const { external_error: _previous, ...attributes } = current.contentAttributes;
    const error = input.external_error ?? (current.contentAttributes.external_error as string | undefined);
    const contentAttributes = input.status === 'failed' && error ? { ...attributes, external_error: error } : attributes;
    const row = await updateMessageRow(tx, ctx.accountId, current.id, { status: input.status, contentAttributes });
    await recordEvents(tx, [messageEntry(row!, 'message.updated')]);
    return { row: row!, changed: true };
  });
  const message = await present(ctx, row);
  if (changed) publishMessageUpdated(ctx, message);
  return message;
}

/**
 * POST messages/:id/retry: a failed outgoing message goes back to progress without its external error,
 * for the delivery worker to send again (001 section 4: retried, not created again). Anything else: 422.
 */
export async function retryMessage(ctx: AccountCtx, displayId: number, messageId: number): Promise<Message> {
  const conversation = await loadConversation(ctx, displayId);
  const row = await ctx.db.transaction(async (tx) => {
    const retried = await markForRetry(tx, ctx.accountId, conversation.id, messageId);
    // the channel gets the message once more; webhooks hear of the status change
    if (retried) await recordEvents(tx, [messageEntry(retried, 'message.updated'), messageEntry(retried, 'message.resend')]);
    return retried;
  });
  if (!row) {
    if (!(await findMessageRow(ctx.db, ctx.accountId, conversation.id, messageId))) throw notFound();
    throw invalid('status', 'must be failed, on an outgoing message, to retry');
  }
  const message = await present(ctx, row);
  publishMessageUpdated(ctx, message);
  return message;
}

export const NO_TRANSLATION_PROVIDER = 'No translation provider is configured: set TRANSLATION_API_URL';

/**
 * POST messages/:id/translate: the content in target_language through the configured provider. Each
 * translation is kept in content_attributes.translations[lang], so asking again does not call the
 * provider; storing one publishes message.updated.
 */
export async function translateMessage(ctx: AccountCtx, displayId: number, messageId: number, input: TranslateMessageBody): Promise<{ content: string }> {
  const conversation = await loadConversation(ctx, displayId);
  const row = await findMessageRow(ctx.db, ctx.accountId, conversation.id, messageId);
  if (!row) throw notFound();
  const language = input.target_language;
  const kept = (row.contentAttributes.translations as Record<string, unknown> | undefined)?.[language];
  if (typeof kept === 'string') return { content: kept };
  if (!row.content?.trim()) throw invalid('content', 'is empty: there is nothing to translate');
  const provider = translationProvider(ctx.config);
  if (!provider) throw new AppError('validation_failed', NO_TRANSLATION_PROVIDER, { fields: { base: [NO_TRANSLATION_PROVIDER] } });
  let content: string;
  try {
    content = await provider.translate({ text: row.content, target: language });
  } catch (err) {
    if (!(err instanceof TranslationError)) throw err;
    ctx.log.warn({ err, messageId, language, provider: provider.name }, 'translation failed');
    const message = `Translation failed: ${err.message}`;
    throw new AppError('validation_failed', message, { fields: { base: [message] } });
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const stored = await storeTranslation(tx, ctx.accountId, row.id, language, content);
    if (stored) await recordEvents(tx, [messageEntry(stored, 'message.updated')]);
    return stored;
  });
  if (updated) publishMessageUpdated(ctx, await present(ctx, updated));
  return { content };
}

export type DeliveryOutcome = { status: 'sent' } | { status: 'failed'; error: string };

/**
 * A channel delivery's result (the delivery job, not a person), in the caller's transaction: a message
 * still in progress becomes sent, or failed with the error in content_attributes.external_error. A
 * message the integrator has already reported on keeps that report. Written with the delivery's own
 * result, so a crash between the two cannot leave the message in progress for ever. Answers the step
 * to run after the commit (announcing the change), or nothing when the message was not in progress.
 */
export async function settleMessageDeliveryIn(tx: Executor, services: Services, accountId: number, messageId: number, outcome: DeliveryOutcome): Promise<(() => Promise<void>) | undefined> {
  return settleMessageDeliveriesIn(tx, services, [{ accountId, messageId, outcome }]);
}

/**
 * settleMessageDeliveryIn for several messages (what one run of the delivery job settles), locked in id
 * order (two runs never wait on each other in a circle); their outbox rows are written in one statement and
 * the announcement presents them per account in a fixed number of queries.
 */
export async function settleMessageDeliveriesIn(
  tx: Executor,
  services: Services,
  settled: readonly { accountId: number; messageId: number; outcome: DeliveryOutcome }[],
): Promise<(() => Promise<void>) | undefined> {
  const updated: MessageRow[] = [];
  for (const { accountId, messageId, outcome } of [...settled].sort((a, b) => a.messageId - b.messageId)) {
    const current = await findMessageById(tx, accountId, messageId, true);
    if (!current || current.status !== 'progress') continue;
    const contentAttributes = outcome.status === 'failed' ? { ...current.contentAttributes, external_error: outcome.error } : current.contentAttributes;
    updated.push((await updateMessageRow(tx, accountId, current.id, { status: outcome.status, contentAttributes }))!);
  }
  if (updated.length === 0) return undefined;
  await recordEvents(tx, updated.map((row) => messageEntry(row, 'message.updated')));
  return async () => {
    for (const accountId of new Set(updated.map((row) => row.accountId))) {
      const ctx = systemCtx(services, accountId, 'deliveries');
      for (const message of await serializeMessages(ctx, updated.filter((row) => row.accountId === accountId))) publishMessageUpdated(ctx, message);
    }
  };
}

/** settleMessageDeliveryIn in a transaction of its own, announced once committed. */
export async function settleMessageDelivery(services: Services, accountId: number, messageId: number, outcome: DeliveryOutcome) {
  const announce = await services.db.transaction((tx) => settleMessageDeliveryIn(tx, services, accountId, messageId, outcome));
  await announce?.();
}
