import type { Executor } from '@app/db';
import type { MESSAGE_CONTENT_TYPES } from '@app/shared/constants';
import type { Message } from '@app/shared/messages';
import type { UploadedFile } from '@app/shared/profile';
import { invalid } from '../../lib/app-error.ts';
import { recordEvents, type EventEntry, type KnownSubject } from '../../lib/events.ts';
import type { AccountCtx } from '../../lib/context.ts';
import type { ConversationRow } from '../conversations/access.ts';
import { checkAttachments, type CheckedFile } from './attachments.ts';
import { knownMessage, messageEntry } from './events.ts';
import { mentionedUserIds } from './mentions.ts';
import { serializeMessages } from './present.ts';
import { insertAttachmentRows } from './queries/attachments.ts';
import { insertMessageWithEffects, type NewMessage } from './queries/insert.ts';
import { findChannelType, findMessageByEchoId, messageInConversation, type MessageRow } from './queries/rows.ts';
import { recordMentions } from './queries/updates.ts';
import { serializeAttachment, serializeMessage, serializeUserSender } from './serializers.ts';
import { accountMemberIds } from '../agents/service.ts';

/** What createMessage takes: the POST messages body, or the initial message of POST conversations. */
export type CreateMessageInput = {
  content?: string | null | undefined;
  private?: boolean | undefined;
  message_type?: 'outgoing' | 'incoming' | undefined;
  content_type?: (typeof MESSAGE_CONTENT_TYPES)[number] | undefined;
  content_attributes?: Record<string, unknown> | undefined;
  echo_id?: string | undefined;
  source_id?: string | undefined;
  cc_emails?: string[] | undefined;
  bcc_emails?: string[] | undefined;
  to_emails?: string[] | undefined;
  template_params?: Record<string, unknown> | undefined;
  attachments?: UploadedFile[] | undefined;
  /** An incoming message written by the conversation's contact (the public client API); the calling user otherwise. */
  sender?: { type: 'Contact'; id: number } | undefined;
};

/** The conversation fields a new message reads. */
export type MessageConversation = Pick<ConversationRow, 'id' | 'accountId' | 'inboxId' | 'displayId' | 'assigneeId' | 'status'>;

/** What createMessage answers; announce its entries after the commit: `announce(ctx, created.entries, created.known)`. */
export type CreatedMessage = {
  kind: 'created_message';
  row: MessageRow;
  message: Message;
  /** false when the echo_id was already used in the conversation: `row`/`message` are the first message. */
  created: boolean;
  /** An incoming message moved a resolved or snoozed conversation back to open. */
  reopened: boolean;
  /** The conversation's first human reply (first.reply.created follows). */
  firstReply: boolean;
  conversation: Pick<MessageConversation, 'id' | 'displayId' | 'inboxId' | 'assigneeId'>;
  /** Account members mentioned in a private note (a mention row each, and participants now). */
  mentionedUserIds: number[];
  /** What the message caused (none for a repeated echo_id), recorded with it. */
  entries: EventEntry[];
  /** The message as serialized here, so announcing it loads nothing. */
  known: KnownSubject[];
};

/** Keys the server owns in content_attributes; a client cannot set them. */
const SERVER_ATTRIBUTES = ['deleted', 'external_error', 'translations'];
const EMAIL_FIELDS = ['cc_emails', 'bcc_emails', 'to_emails'] as const;

/**
 * Private notes: sent (nothing to deliver). Public outgoing: progress until the delivery worker reports
 * sent or failed (001 section 4), except where storing it is the delivery: the web widget, and an API inbox
 * without a `webhook_url` (decided in the insert, by the inbox's channel). Incoming (API inboxes): sent.
 */
function initialStatus(type: 'incoming' | 'outgoing', isPrivate: boolean): Pick<NewMessage, 'status' | 'sentWhereStoredIsDelivered'> {
  if (isPrivate || type !== 'outgoing') return { status: 'sent' };
  return { status: 'progress', sentWhereStoredIsDelivered: true };
}

/**
 * The client's content_attributes without the server's keys. cc/bcc/to addresses are kept as arrays,
 * as Chatwoot does, on email inboxes only (decided in the insert); other channels have no use for them.
 */
function contentAttributes(input: CreateMessageInput): Pick<NewMessage, 'contentAttributes' | 'contentAttributesOn'> {
  const attributes: Record<string, unknown> = { ...input.content_attributes };
  for (const key of [...SERVER_ATTRIBUTES, ...EMAIL_FIELDS]) delete attributes[key];
  const emails = Object.fromEntries(EMAIL_FIELDS.flatMap((field) => (input[field]?.length ? [[field, input[field]]] : [])));
  if (Object.keys(emails).length === 0) return { contentAttributes: attributes };
  return { contentAttributes: attributes, contentAttributesOn: { channel: 'Channel::Email', value: { ...attributes, ...emails } } };
}

async function removeFiles(ctx: Pick<AccountCtx, 'storage' | 'log'>, keys: string[]) {
  await Promise.all(
    keys.map((key) => ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove a message attachment file'))),
  );
}

/** Stores the files, or none: a failure removes the ones already written. */
async function storeFiles(ctx: Pick<AccountCtx, 'storage' | 'log'>, files: CheckedFile[]): Promise<string[]> {
  const results = await Promise.allSettled(files.map((f) => ctx.storage.put({ folder: 'attachments', data: f.data, extension: f.extension })));
  const keys = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await removeFiles(ctx, keys);
    throw failed.reason;
  }
  return keys;
}

/** What a contact's message did to a resolved or snoozed conversation, recorded with the reopen. */
export const reopenData = (previous: ConversationRow['status']) => ({ changed_attributes: { status: { previous_value: previous, current_value: 'open' } } });

async function duplicateOf(ctx: AccountCtx, db: Executor, conversation: MessageConversation, row: MessageRow): Promise<CreatedMessage> {
  const [message] = await serializeMessages({ ...ctx, db }, [row]);
  return { kind: 'created_message', row, message: message!, created: false, reopened: false, firstReply: false, conversation, mentionedUserIds: [], entries: [], known: [] };
}

/**
 * Creates a message from the calling user in a conversation the caller may see (load it with
 * loadConversation first), with its attachments, mentions and effects on the conversation, atomically:
 * in `tx` when given (POST conversations with an initial message), else in one statement (a plain
 * message) or one transaction (with attachments or mentions). An echo_id already used in the
 * conversation answers that first message (`created: false`), also under concurrent requests (the
 * unique index decides). Publishing is the caller's job, after the commit:
 * `announce(ctx, created.entries, created.known)`. Throws 422 for input the inbox does not allow. Attachment
 * files are stored before the write and removed if it fails; a caller's transaction that rolls back
 * later leaves them behind, so pass attachments only without `tx`.
 */
export async function createMessage(ctx: AccountCtx, conversation: MessageConversation, input: CreateMessageInput, tx?: Executor): Promise<CreatedMessage> {
  const files = await checkAttachments(input.attachments);
  const db = tx ?? ctx.db;
  const type = input.message_type ?? 'outgoing';
  // Through the application API an incoming message is an API inbox's; the server records the contact's
  // messages of any channel itself (a channel's inbound side, the demo), naming the contact as sender.
  if (type === 'incoming' && input.sender?.type !== 'Contact' && (await findChannelType(db, ctx.accountId, conversation.inboxId)) !== 'Channel::Api') {
    throw invalid('message_type', 'can be incoming only in API inboxes');
  }
  const replyTo = input.content_attributes?.in_reply_to;
  if (typeof replyTo === 'number' && !(await messageInConversation(db, conversation.id, replyTo))) {
    throw invalid('content_attributes.in_reply_to', 'is not a message of this conversation');
  }
  if (input.echo_id && files.length > 0) {
    // A retried upload: answer the first message without storing the files again.
    const existing = await findMessageByEchoId(db, conversation.id, input.echo_id);
    if (existing) return duplicateOf(ctx, db, conversation, existing);
  }

  const isPrivate = input.private ?? false;
  const content = input.content ?? null;
  const mentions = isPrivate ? mentionedUserIds(content) : [];
  const keys = await storeFiles(ctx, files);
  const incoming = type === 'incoming' && !isPrivate;
  const write = async (w: Executor) => {
    const inserted = await insertMessageWithEffects(
      w,
      {
        accountId: ctx.accountId,
        inboxId: conversation.inboxId,
        conversationId: conversation.id,
        content,
        contentType: input.content_type ?? 'text',
        ...contentAttributes(input),
        messageType: type,
        private: isPrivate,
        ...initialStatus(type, isPrivate),
        sourceId: input.source_id ?? null,
        senderType: input.sender?.type ?? 'User',
        senderId: input.sender?.id ?? ctx.actor.id,
        echoId: input.echo_id ?? null,
        additionalAttributes: input.template_params ? { template_params: input.template_params } : {},
      },
      { incoming, humanReply: type === 'outgoing' && !isPrivate },
      { lane: incoming ? 'inbound' : 'default', reopenable: incoming && (conversation.status === 'resolved' || conversation.status === 'snoozed'), reopenData: reopenData(conversation.status) },
    );
    if (!inserted) {
      // The echo_id's unique index refused the row: the first message with it answers.
      const first = input.echo_id ? await findMessageByEchoId(w, conversation.id, input.echo_id) : null;
      if (!first) throw new Error('message insert refused without an echo_id conflict');
      return { row: first, created: false as const };
    }
    const { row, conversationStatus, firstReply, sender } = inserted;
    const attachments = await insertAttachmentRows(
      w,
      files.map((f, i) => ({
        accountId: ctx.accountId,
        messageId: row.id,
        fileType: f.kind,
        storageKey: keys[i]!,
        fileName: f.fileName,
        contentType: f.mime,
        byteSize: f.data.byteLength,
      })),
    );
    const members = await accountMemberIds(w, ctx.accountId, mentions);
    await recordMentions(w, ctx.accountId, conversation.id, members, row.createdAt);
    const reopened = incoming && conversationStatus === 'open' && (conversation.status === 'resolved' || conversation.status === 'snoozed');
    // the insert wrote the message's outbox rows (and the reopen's); mentions are written here, in the same transaction
    const routing = { accountId: ctx.accountId, inboxId: conversation.inboxId };
    const mentioned = await recordEvents(
      w,
      members.map((userId) => ({ ...routing, name: 'conversation.mentioned' as const, subject: { messageId: row.id, conversationId: conversation.id, userId } })),
    );
    const onConversation = (name: EventEntry['name'], data?: Record<string, unknown>): EventEntry => ({ ...routing, name, subject: { conversationId: conversation.id, ...(data ? { data } : {}) } });
    const entries = [
      messageEntry(row, 'message.created'),
      ...mentioned,
      ...(reopened ? [onConversation('conversation.status_changed', reopenData(conversation.status))] : []),
      ...(firstReply ? [onConversation('first.reply.created')] : []),
    ];
    return { row, created: true as const, attachments, reopened, firstReply, members, sender, entries };
  };

  // Without attachments or mentions the write is one statement, atomic on its own (its outbox rows
  // included): no transaction needed.
  const single = files.length === 0 && mentions.length === 0;
  let result: Awaited<ReturnType<typeof write>>;
  try {
    result = tx ? await write(tx) : single ? await write(ctx.db) : await ctx.db.transaction(write);
  } catch (err) {
    await removeFiles(ctx, keys);
    throw err;
  }
  if (!result.created) {
    await removeFiles(ctx, keys);
    return duplicateOf(ctx, db, conversation, result.row);
  }
  const url = ctx.storage.url;
  const message = serializeMessage(result.row, {
    conversationDisplayId: conversation.displayId,
    sender: result.sender ? serializeUserSender(result.sender, url) : null,
    attachments: result.attachments.map((a) => serializeAttachment(a, url)),
  });
  return {
    kind: 'created_message',
    row: result.row,
    message,
    created: true,
    reopened: result.reopened,
    firstReply: result.firstReply,
    conversation: { id: conversation.id, displayId: conversation.displayId, inboxId: conversation.inboxId, assigneeId: conversation.assigneeId },
    mentionedUserIds: result.members,
    entries: result.entries,
    // a contact sender is presented by a full read (the public client API does it): only a user's message is known here
    known: input.sender ? [] : [knownMessage(result.row, { message, assigneeId: conversation.assigneeId })],
  };
}

/**
 * Inserts an activity message ("Conversation was resolved by X") in the caller's transaction and moves
 * the conversation's last_activity_at; answers the row and its entry (screens only: nothing outside hears of
 * activity messages), to announce after the commit.
 */
export async function createActivityMessage(
  tx: Executor,
  input: { accountId: number; inboxId: number; conversationId: number; content: string; contentAttributes?: Record<string, unknown> },
): Promise<{ row: MessageRow; entry: EventEntry }> {
  const inserted = await insertMessageWithEffects(
    tx,
    {
      accountId: input.accountId,
      inboxId: input.inboxId,
      conversationId: input.conversationId,
      content: input.content,
      contentAttributes: input.contentAttributes ?? {},
      messageType: 'activity',
      status: 'sent',
    },
    { incoming: false, humanReply: false },
    null,
  );
  // Without an echo_id nothing can conflict: the insert always makes the row.
  return { row: inserted!.row, entry: messageEntry(inserted!.row, 'message.created', true) };
}

/**
 * Inserts an automated outgoing message (no sender and no human reply, e.g. the CSAT survey) in the
 * caller's transaction, with its message.created outbox row: the channel delivers it like any public
 * outgoing message (on the web widget storing it is the delivery). Answers the row and its entry, to
 * announce after the commit.
 */
export async function createAutomatedMessage(
  tx: Executor,
  input: { accountId: number; inboxId: number; conversationId: number; content: string; contentType: NonNullable<NewMessage['contentType']>; contentAttributes?: Record<string, unknown> },
): Promise<{ row: MessageRow; entry: EventEntry }> {
  const inserted = await insertMessageWithEffects(
    tx,
    {
      accountId: input.accountId,
      inboxId: input.inboxId,
      conversationId: input.conversationId,
      content: input.content,
      contentType: input.contentType,
      contentAttributes: input.contentAttributes ?? {},
      messageType: 'outgoing',
      ...initialStatus('outgoing', false),
    },
    { incoming: false, humanReply: false },
    { lane: 'default', reopenable: false },
  );
  // Without an echo_id nothing can conflict: the insert always makes the row.
  return { row: inserted!.row, entry: messageEntry(inserted!.row, 'message.created') };
}
