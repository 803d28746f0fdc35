import { and, asc, count, desc, eq, gt, gte, inArray, is, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction, type AnyPgColumn, type PgInsertValue, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { schema, type Executor } from '@app/db';
import type { OutboxLane } from '@app/db/schema';
import type { ConversationStatus, MessageStatus } from '@app/shared/constants';

const { messages, attachments, conversations, users, accountUsers, contacts, agentBots, inboxes, channels, mentions, conversationParticipants } = schema;

export type MessageRow = typeof messages.$inferSelect;
export type MessageInsert = typeof messages.$inferInsert;
export type AttachmentRow = typeof attachments.$inferSelect;
export type AttachmentInsert = typeof attachments.$inferInsert;
export type ChannelType = (typeof channels.$inferSelect)['channelType'];

/** A user sender's push fields; availability is the one of the message's account. */
export type UserSenderRow = { id: number; name: string; displayName: string | null; avatarKey: string | null; availability: string | null };
export type ContactSenderRow = Pick<
  typeof contacts.$inferSelect,
  'id' | 'name' | 'email' | 'phoneNumber' | 'identifier' | 'avatarKey' | 'blocked' | 'additionalAttributes' | 'customAttributes'
>;
export type BotSenderRow = { id: number; name: string; avatarKey: string | null };

const userSender = {
  id: users.id,
  name: users.name,
  displayName: users.displayName,
  avatarKey: users.avatarKey,
};
const contactSender = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phoneNumber: contacts.phoneNumber,
  identifier: contacts.identifier,
  avatarKey: contacts.avatarKey,
  blocked: contacts.blocked,
  additionalAttributes: contacts.additionalAttributes,
  customAttributes: contacts.customAttributes,
};

export async function findChannelType(db: Executor, accountId: number, inboxId: number): Promise<ChannelType | null> {
  const [row] = await db
    .select({ channelType: channels.channelType })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.id, inboxId), eq(inboxes.accountId, accountId)))
    .limit(1);
  return row?.channelType ?? null;
}

export async function findMessageByEchoId(db: Executor, conversationId: number, echoId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.echoId, echoId)))
    .limit(1);
  return row ?? null;
}

export async function findMessageRow(db: Executor, accountId: number, conversationId: number, id: number, lock = false): Promise<MessageRow | null> {
  const query = db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.conversationId, conversationId), eq(messages.accountId, accountId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A message of the account by id (optionally locked), whatever its conversation. */
export async function findMessageById(db: Executor, accountId: number, id: number, lock = false): Promise<MessageRow | null> {
  const query = db.select().from(messages).where(and(eq(messages.id, id), eq(messages.accountId, accountId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Message rows of the account by id (any order); gone ones are absent. */
export async function findMessagesByIds(db: Executor, accountId: number, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(messages).where(and(eq(messages.accountId, accountId), inArray(messages.id, ids)));
}

export async function messageInConversation(db: Executor, conversationId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, id)))
    .limit(1);
  return Boolean(row);
}

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
    statusOn?: OnChannel<MessageStatus> | undefined;
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

type Variant = { statusOn: boolean; contentAttributesOn: boolean; outbox: boolean } & ConversationEffects;

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
  if (variant.statusOn) values.status = sql`${onChannel('statusOnChannel', sql`${sql.placeholder('statusOnValue')}`, sql`${sql.placeholder('status')}`)}::message_status`;
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

type InsertStatement = ReturnType<ReturnType<typeof buildInsert>['prepare']>;
/** Prepared statements per database (not per transaction): a named statement is parsed and planned once per connection. */
const preparedInserts = new WeakMap<Executor, Map<string, InsertStatement>>();

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
  const variant: Variant = { statusOn: Boolean(values.statusOn), contentAttributesOn: Boolean(values.contentAttributesOn), outbox: outbox !== null, ...effects };
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
    statusOnChannel: values.statusOn?.channel,
    statusOnValue: values.statusOn?.value,
    attributesOnChannel: values.contentAttributesOn?.channel,
    attributesOnJson: values.contentAttributesOn && JSON.stringify(values.contentAttributesOn.value),
    attributesJson: JSON.stringify(values.contentAttributes ?? {}),
    ...(outbox ? { outboxLane: outbox.lane, reopenable: outbox.reopenable, reopenData: JSON.stringify(outbox.reopenData ?? {}) } : {}),
  };
  let statement: Pick<InsertStatement, 'execute'>;
  if (is(db, PgTransaction)) {
    statement = buildInsert(db, variant);
  } else {
    const name = `messages_insert_${Object.values(variant).map(Number).join('')}`;
    const cache = preparedInserts.get(db) ?? new Map<string, InsertStatement>();
    preparedInserts.set(db, cache);
    statement = cache.get(name) ?? cache.set(name, buildInsert(db, variant).prepare(name)).get(name)!;
  }
  const [result] = await statement.execute(params);
  if (!result) return null;
  const sender = result.user?.id != null ? { ...result.user, availability: result.availability } : null;
  return { row: result.row as MessageRow, conversationStatus: result.conversationStatus, firstReply: result.firstReply === true, sender };
}

export async function insertAttachmentRows(db: Executor, values: AttachmentInsert[]): Promise<AttachmentRow[]> {
  if (values.length === 0) return [];
  return db.insert(attachments).values(values).returning();
}

/** Deletes a message's attachment rows and answers their stored files' keys. */
export async function deleteAttachmentRows(db: Executor, messageId: number): Promise<string[]> {
  const rows = await db.delete(attachments).where(eq(attachments.messageId, messageId)).returning({ key: attachments.storageKey });
  return rows.map((r) => r.key).filter((k): k is string => k !== null);
}

export async function updateMessageRow(db: Executor, accountId: number, id: number, values: Partial<MessageInsert>): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(messages.id, id), eq(messages.accountId, accountId)))
    .returning();
  return row ?? null;
}

/** failed → progress without the external error, only if still failed (two concurrent retries: one wins). */
export async function markForRetry(db: Executor, accountId: number, conversationId: number, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({
      status: 'progress' satisfies MessageStatus,
      contentAttributes: sql`${messages.contentAttributes} - 'external_error'`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.conversationId, conversationId),
        eq(messages.accountId, accountId),
        eq(messages.status, 'failed'),
        inArray(messages.messageType, ['outgoing', 'template']),
        eq(messages.private, false),
      ),
    )
    .returning();
  return row ?? null;
}

/** Keeps one translation under content_attributes.translations[lang], leaving the other keys as they are. */
export async function storeTranslation(db: Executor, accountId: number, id: number, language: string, text: string): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({
      contentAttributes: sql`jsonb_set(${messages.contentAttributes}, '{translations}', coalesce(${messages.contentAttributes} -> 'translations', '{}'::jsonb) || jsonb_build_object(${language}::text, ${text}::text))`,
      updatedAt: new Date(),
    })
    .where(and(eq(messages.id, id), eq(messages.accountId, accountId)))
    .returning();
  return row ?? null;
}


/** A mention per user (mentioned_at moves to `at` when they were mentioned before); they become participants. */
export async function recordMentions(db: Executor, accountId: number, conversationId: number, userIds: number[], at: Date) {
  if (userIds.length === 0) return;
  await db
    .insert(mentions)
    .values(userIds.map((userId) => ({ accountId, conversationId, userId, mentionedAt: at })))
    .onConflictDoUpdate({ target: [mentions.conversationId, mentions.userId], set: { mentionedAt: at } });
  await db
    .insert(conversationParticipants)
    .values(userIds.map((userId) => ({ accountId, conversationId, userId })))
    .onConflictDoNothing();
}

export type MessageWindow = { before?: number | undefined; after?: number | undefined };
type WindowKind = 'latest' | 'before' | 'after' | 'between';

/**
 * The ids of one window of a conversation's messages (Chatwoot's MessageFinder), on the
 * (conversation_id, id) index: latest 20; 20 before an id; up to 100 after an id; between
 * (after inclusive, before exclusive), up to 1000.
 */
function windowIds(db: Executor, kind: WindowKind) {
  // Only the conversation: with account_id here too, a planner with stale statistics ANDs in the
  // (account_id, created_at) index and reads the whole conversation. The outer query checks the account.
  const own = eq(messages.conversationId, sql.placeholder('conversationId'));
  const ids = db.select({ id: messages.id }).from(messages);
  const before = lt(messages.id, sql.placeholder('before'));
  switch (kind) {
    case 'between':
      return ids.where(and(own, gte(messages.id, sql.placeholder('after')), before)).orderBy(asc(messages.id)).limit(1000);
    case 'after':
      return ids.where(and(own, gt(messages.id, sql.placeholder('after')))).orderBy(asc(messages.id)).limit(100);
    case 'before':
      return ids.where(and(own, before)).orderBy(desc(messages.id)).limit(20);
    case 'latest':
      return ids.where(own).orderBy(desc(messages.id)).limit(20);
  }
}

export type LoadedMessage = {
  message: MessageRow;
  attachments: AttachmentRow[];
  user: UserSenderRow | null;
  contact: ContactSenderRow | null;
  bot: BotSenderRow | null;
};

/** Messages (those `which` picks) with their senders and attachments in one query, a row per attachment. */
function messagesQuery(db: Executor, which: SQL | undefined) {
  return db
    .select({
      message: messages,
      attachment: attachments,
      user: userSender,
      availability: accountUsers.availability,
      contact: contactSender,
      bot: { id: agentBots.id, name: agentBots.name, avatarKey: agentBots.avatarKey },
    })
    .from(messages)
    .leftJoin(attachments, eq(attachments.messageId, messages.id))
    .leftJoin(users, and(eq(messages.senderType, 'User'), eq(users.id, messages.senderId)))
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, messages.accountId)))
    .leftJoin(contacts, and(eq(messages.senderType, 'Contact'), eq(contacts.id, messages.senderId), eq(contacts.accountId, messages.accountId)))
    .leftJoin(agentBots, and(eq(messages.senderType, 'AgentBot'), eq(agentBots.id, messages.senderId)))
    .where(and(eq(messages.accountId, sql.placeholder('accountId')), which))
    .orderBy(asc(messages.id), asc(attachments.id));
}

type MessagesStatement = ReturnType<ReturnType<typeof messagesQuery>['prepare']>;
const preparedLoads = new WeakMap<Executor, Map<string, MessagesStatement>>();

/** Runs a messages query, as a named prepared statement on the database itself (planned once per connection). */
async function loadMessages(db: Executor, name: string, which: () => SQL, params: Record<string, unknown>): Promise<LoadedMessage[]> {
  let statement: Pick<MessagesStatement, 'execute'>;
  if (is(db, PgTransaction)) {
    statement = messagesQuery(db, which());
  } else {
    const cache = preparedLoads.get(db) ?? new Map<string, MessagesStatement>();
    preparedLoads.set(db, cache);
    statement = cache.get(name) ?? cache.set(name, messagesQuery(db, which()).prepare(name)).get(name)!;
  }
  const rows = await statement.execute(params);
  const out: LoadedMessage[] = [];
  for (const row of rows) {
    let last = out[out.length - 1];
    if (!last || last.message.id !== row.message.id) {
      last = {
        message: row.message,
        attachments: [],
        user: row.user?.id != null ? { ...row.user, availability: row.availability } : null,
        contact: row.contact?.id != null ? row.contact : null,
        bot: row.bot?.id != null ? row.bot : null,
      };
      out.push(last);
    }
    if (row.attachment) last.attachments.push(row.attachment);
  }
  return out;
}

/** One window of a conversation's messages with senders and attachments, ascending by id. */
export function loadMessageWindow(db: Executor, accountId: number, conversationId: number, window: MessageWindow): Promise<LoadedMessage[]> {
  const kind: WindowKind =
    window.before !== undefined && window.after !== undefined ? 'between' : window.after !== undefined ? 'after' : window.before !== undefined ? 'before' : 'latest';
  return loadMessages(db, `messages_window_${kind}`, () => inArray(messages.id, windowIds(db, kind)), {
    accountId,
    conversationId,
    before: window.before ?? null,
    after: window.after ?? null,
  });
}

/** These messages of the account with senders and attachments, ascending by id. */
export function loadMessagesByIds(db: Executor, accountId: number, ids: number[]): Promise<LoadedMessage[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return loadMessages(db, 'messages_by_ids', () => sql`${messages.id} = any(${sql.placeholder('ids')}::integer[])`, { accountId, ids });
}

export function attachmentsOf(db: Executor, accountId: number, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.accountId, accountId), inArray(attachments.messageId, messageIds)))
    .orderBy(asc(attachments.id));
}

export async function userSenders(db: Executor, accountId: number, ids: number[]): Promise<UserSenderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ ...userSender, availability: accountUsers.availability })
    .from(users)
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)))
    .where(inArray(users.id, ids));
}

export function contactSenders(db: Executor, accountId: number, ids: number[]): Promise<ContactSenderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(contactSender)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids)));
}

export function botSenders(db: Executor, ids: number[]): Promise<BotSenderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: agentBots.id, name: agentBots.name, avatarKey: agentBots.avatarKey }).from(agentBots).where(inArray(agentBots.id, ids));
}

export type ConversationRef = { id: number; displayId: number; assigneeId: number | null };

export function conversationRefs(db: Executor, accountId: number, ids: number[]): Promise<ConversationRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: conversations.id, displayId: conversations.displayId, assigneeId: conversations.assigneeId })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), inArray(conversations.id, ids)));
}

export function findContactRow(db: Executor, accountId: number, contactId: number): Promise<ContactSenderRow | undefined> {
  return db
    .select(contactSender)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Unread counts stop at this many: the badge shows 99+ from 100 (000 section 4). */
export const UNREAD_COUNT_CAP = 100;

export type SummaryPick = { conversationId: number; displayId: number; lastId: number | null; lastNonActivityId: number | null; unreadCount: number };

/**
 * A conversation's summary pick as three scalar subqueries over its id and agent_last_seen_at: the latest message
 * id and the latest non-activity message id (index scans backwards on (conversation_id, id)), and the unread count,
 * capped at UNREAD_COUNT_CAP: incoming, non-private messages newer than agent_last_seen_at (001 section 4). The
 * conversation list selects them with its page; summaryPicks over a list of ids.
 */
export function summaryPickColumns(id: SQL | AnyPgColumn, seen: SQL | AnyPgColumn) {
  return {
    lastId: sql<number | null>`(select m.id from ${messages} m where m.conversation_id = ${id} order by m.id desc limit 1)`,
    lastNonActivityId: sql<number | null>`(select m.id from ${messages} m where m.conversation_id = ${id} and m.message_type <> 'activity' order by m.id desc limit 1)`,
    unreadCount: sql<number>`(select count(*)::integer from (
        select 1 from ${messages} u
        where u.conversation_id = ${id} and u.message_type = 'incoming' and u.private = false
          and (${seen} is null or u.created_at > ${seen})
        limit ${UNREAD_COUNT_CAP}
      ) unread)`.mapWith(Number),
  };
}

/** The summary picks of these conversations of the account (by database id), as of the given agent_last_seen_at. */
export async function summaryPicks(db: Executor, accountId: number, list: { id: number; agentLastSeenAt: Date | null }[]): Promise<SummaryPick[]> {
  if (list.length === 0) return [];
  const values = sql.join(
    list.map((c) => sql`(${c.id}::integer, ${c.agentLastSeenAt ? c.agentLastSeenAt.toISOString() : null}::timestamptz)`),
    sql`, `,
  );
  const { lastId, lastNonActivityId, unreadCount } = summaryPickColumns(sql`c.id`, sql`c.seen`);
  const result = await db.execute(sql`
    select c.id as conversation_id, cv.display_id, ${lastId} as last_id, ${lastNonActivityId} as non_activity_id, ${unreadCount} as unread_count
    from (values ${values}) as c(id, seen)
    join ${conversations} cv on cv.id = c.id and cv.account_id = ${accountId}`);
  // Both drivers (node-postgres and PGlite) answer raw statements as { rows }.
  const { rows } = result as unknown as {
    rows: { conversation_id: number; display_id: number; last_id: number | null; non_activity_id: number | null; unread_count: number }[];
  };
  return rows.map((r) => ({
    conversationId: r.conversation_id,
    displayId: r.display_id,
    lastId: r.last_id,
    lastNonActivityId: r.non_activity_id,
    unreadCount: Number(r.unread_count),
  }));
}


/** A page of a conversation's attachments (newest first) and how many there are, over attachments_message_idx. */
export async function conversationAttachmentPage(db: Executor, accountId: number, conversationId: number, limit: number, offset: number) {
  const inConversation = and(eq(attachments.accountId, accountId), inArray(attachments.messageId, db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId))));
  const [rows, [total]] = await Promise.all([
    db.select({ id: attachments.id, messageId: attachments.messageId }).from(attachments).where(inConversation).orderBy(desc(attachments.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(attachments).where(inConversation),
  ]);
  return { rows, total: total?.value ?? 0 };
}
