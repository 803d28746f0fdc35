import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { preparedFor, schema, type Executor } from '@app/db';
import type { OutboxLane } from '@app/db/schema';
import type { ConversationStatus } from '@app/shared/constants';
import type { ChannelType, MessageInsert, MessageRow } from './rows.ts';
import { userSender, type UserSenderRow } from './senders.ts';

const { messages, conversations, users, accountUsers, inboxes, channels } = schema;

export type ConversationEffects = {
  /** An incoming public message: waiting since now if not already, and a resolved/snoozed conversation reopens unless muted. */
  incoming: boolean;
  /** A public outgoing message from a user: the first reply (if none yet) and nobody waits any more. */
  humanReply: boolean;
};

/** The conversation columns a new message moves; `at` is the message's created_at. */
function effectsSet(at: SQL, effects: ConversationEffects): PgUpdateSetSource<typeof conversations> {
  const reopen = sql`${conversations.status} in ('resolved', 'snoozed') and not ${conversations.muted}`;
  const set: PgUpdateSetSource<typeof conversations> = { lastActivityAt: at, updatedAt: sql`now()` };
  if (effects.incoming) {
    set.waitingSince = sql`coalesce(${conversations.waitingSince}, ${at})`;
    set.status = sql`case when ${reopen} then 'open'::conversation_status else ${conversations.status} end`;
    set.snoozedUntil = sql`case when ${reopen} then null else ${conversations.snoozedUntil} end`;
  }
  if (effects.humanReply) {
    set.firstReplyCreatedAt = sql`coalesce(${conversations.firstReplyCreatedAt}, ${at})`;
    set.waitingSince = null;
  }
  return set;
}

/** A different value on inboxes of one channel type, decided by the insert itself. */
export type OnChannel<T> = { channel: ChannelType; value: T };

export type NewMessage = Pick<MessageInsert, 'accountId' | 'inboxId' | 'conversationId' | 'messageType'> &
  Partial<
    Pick<MessageInsert, 'content' | 'contentType' | 'private' | 'status' | 'sourceId' | 'senderType' | 'senderId' | 'echoId' | 'additionalAttributes' | 'contentAttributes'>
  > & {
    /**
     * Sent, not `status`, on an inbox where storing the message is its delivery: the web widget (the visitor reads it
     * from the store), and an API inbox without a `webhook_url` (nowhere to push it; the integrator reads it through
     * the client API). Decided by the insert itself, from the inbox's channel.
     */
    sentWhereStoredIsDelivered?: boolean | undefined;
    contentAttributesOn?: OnChannel<Record<string, unknown>> | undefined;
  };

const INSERTED_COLUMNS = [
  'accountId',
  'inboxId',
  'conversationId',
  'content',
  'contentType',
  'contentAttributes',
  'messageType',
  'private',
  'status',
  'sourceId',
  'senderType',
  'senderId',
  'echoId',
  'additionalAttributes',
] as const;

type Variant = { sentWhereStored: boolean; contentAttributesOn: boolean; outbox: boolean } & ConversationEffects;

/** `case when <the inbox's channel type> = $channel then … else … end`, as a scalar subquery. */
function onChannel(channel: string, then: SQL, otherwise: SQL): SQL {
  return sql`(select case when ${channels.channelType} = ${sql.placeholder(channel)} then ${then} else ${otherwise} end
    from ${inboxes} join ${channels} on ${channels.id} = ${inboxes.channelId} where ${inboxes.id} = ${sql.placeholder('inboxId')})`;
}

/** The statement of insertMessageWithEffects, with placeholders for every value: built once per variant and database. */
function buildInsert(db: Executor, variant: Variant) {
  const values: PgInsertValue<typeof messages> = {
    ...(Object.fromEntries(INSERTED_COLUMNS.map((column) => [column, sql.placeholder(column)])) as Record<(typeof INSERTED_COLUMNS)[number], Placeholder>),
  };
  if (variant.sentWhereStored) {
    values.status = sql`(select case
        when ${channels.channelType} = 'Channel::WebWidget' then 'sent'
        when ${channels.channelType} = 'Channel::Api' and nullif(${channels.settings}->>'webhook_url', '') is null then 'sent'
        else ${sql.placeholder('status')} end
      from ${inboxes} join ${channels} on ${channels.id} = ${inboxes.channelId} where ${inboxes.id} = ${sql.placeholder('inboxId')})::message_status`;
  }
  if (variant.contentAttributesOn) {
    values.contentAttributes = onChannel('attributesOnChannel', sql`${sql.placeholder('attributesOnJson')}::jsonb`, sql`${sql.placeholder('attributesJson')}::jsonb`);
  }
  const inserted = db.$with('inserted').as(db.insert(messages).values(values).onConflictDoNothing().returning());
  const touched = db.$with('touched').as(
    db
      .update(conversations)
      .set(effectsSet(sql`(select created_at from inserted)`, variant))
      .where(and(eq(conversations.id, sql.placeholder('conversationId')), eq(conversations.accountId, sql.placeholder('accountId')), sql`exists (select 1 from inserted)`))
      .returning({ status: conversations.status, firstReplyCreatedAt: conversations.firstReplyCreatedAt }),
  );
  // the outbox rows of the message (and of a reopen), committed with it (lib/outbox.ts)
  const recorded = db.$with('recorded', { id: sql<number>`id` }).as(sql`
    insert into outbox_events (account_id, lane, name, inbox_id, subject)
    select i.account_id, ${sql.placeholder('outboxLane')}::text, 'message.created', i.inbox_id, jsonb_build_object('messageId', i.id, 'conversationId', i.conversation_id)
      from inserted i
    union all
    select i.account_id, ${sql.placeholder('outboxLane')}::text, 'conversation.status_changed', i.inbox_id,
      jsonb_build_object('conversationId', i.conversation_id, 'data', ${sql.placeholder('reopenData')}::jsonb)
      from inserted i, touched t
      where ${sql.placeholder('reopenable')}::boolean and t.status = 'open'
    returning id`);
  return db
    .with(inserted, touched, ...(variant.outbox ? [recorded] : []))
    .select({
      row: inserted._.selectedFields,
      conversationStatus: sql<ConversationStatus | null>`(select status from touched)`,
      // the conversation's first reply is this message when the update set it to the message's time
      firstReply: sql<boolean>`coalesce((select first_reply_created_at = inserted.created_at from touched), false)`,
      user: userSender,
      availability: accountUsers.availability,
    })
    .from(inserted)
    .leftJoin(users, and(eq(inserted.senderType, 'User'), eq(users.id, inserted.senderId)))
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, inserted.accountId)));
}

/**
 * A new message and its effects on the conversation in one statement (atomic without a transaction,
 * one round trip): the INSERT, unless the conversation already has a message with this echo_id (then
 * null and the conversation is left alone); one UPDATE of the conversation whose expressions read the
 * locked row, so concurrent messages cannot lose each other's changes; the outbox rows (message.created
 * in `outbox.lane`, and conversation.status_changed when `outbox.reopenable` and the update left it
 * open); and the sending user's push fields. Values that differ by channel type (`statusOn`, `contentAttributesOn`) are decided in the
 * statement. On the database itself (outside a transaction) the statement is a prepared one.
 */
export async function insertMessageWithEffects(
  db: Executor,
  values: NewMessage,
  effects: ConversationEffects,
  /** null: nothing outside cares (activity messages). */
  outbox: { lane: OutboxLane; reopenable: boolean; reopenData?: Record<string, unknown> } | null,
): Promise<{ row: MessageRow; conversationStatus: ConversationStatus | null; firstReply: boolean; sender: UserSenderRow | null } | null> {
  const variant: Variant = { sentWhereStored: Boolean(values.sentWhereStoredIsDelivered), contentAttributesOn: Boolean(values.contentAttributesOn), outbox: outbox !== null, ...effects };
  const params = {
    accountId: values.accountId,
    inboxId: values.inboxId,
    conversationId: values.conversationId,
    content: values.content ?? null,
    contentType: values.contentType ?? 'text',
    contentAttributes: values.contentAttributes ?? {},
    messageType: values.messageType,
    private: values.private ?? false,
    status: values.status ?? 'sent',
    sourceId: values.sourceId ?? null,
    senderType: values.senderType ?? null,
    senderId: values.senderId ?? null,
    echoId: values.echoId ?? null,
    additionalAttributes: values.additionalAttributes ?? {},
    attributesOnChannel: values.contentAttributesOn?.channel,
    attributesOnJson: values.contentAttributesOn && JSON.stringify(values.contentAttributesOn.value),
    attributesJson: JSON.stringify(values.contentAttributes ?? {}),
    ...(outbox ? { outboxLane: outbox.lane, reopenable: outbox.reopenable, reopenData: JSON.stringify(outbox.reopenData ?? {}) } : {}),
  };
  const name = `messages_insert_${Object.values(variant).map(Number).join('')}`;
  const [result] = await preparedFor(db, name, (on) => buildInsert(on, variant)).execute(params);
  if (!result) return null;
  const sender = result.user?.id != null ? { ...result.user, availability: result.availability } : null;
  return { row: result.row as MessageRow, conversationStatus: result.conversationStatus, firstReply: result.firstReply === true, sender };
}
