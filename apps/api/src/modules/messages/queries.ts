import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { schema, type Executor } from '@app/db';
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

export type NewMessage = MessageInsert & {
  accountId: number;
  inboxId: number;
  conversationId: number;
  statusOn?: OnChannel<MessageStatus> | undefined;
  contentAttributesOn?: OnChannel<Record<string, unknown>> | undefined;
};

/** `case when <the inbox's channel type> = X then … else … end`, as a scalar subquery. */
function onChannel(inboxId: number, channel: ChannelType, then: SQL, otherwise: SQL): SQL {
  return sql`(select case when ${channels.channelType} = ${channel} then ${then} else ${otherwise} end
    from ${inboxes} join ${channels} on ${channels.id} = ${inboxes.channelId} where ${inboxes.id} = ${inboxId})`;
}

/**
 * A new message and its effects on the conversation in one statement (atomic without a transaction,
 * one round trip): the INSERT, unless the conversation already has a message with this echo_id (then
 * null and the conversation is left alone); one UPDATE of the conversation whose expressions read the
 * locked row, so concurrent messages cannot lose each other's changes; and the sending user's push
 * fields. Values that differ by channel type (`statusOn`, `contentAttributesOn`) are decided in the statement.
 */
export async function insertMessageWithEffects(
  db: Executor,
  values: NewMessage,
  effects: ConversationEffects,
): Promise<{ row: MessageRow; conversationStatus: ConversationStatus | null; sender: UserSenderRow | null } | null> {
  const { statusOn, contentAttributesOn, ...row } = values;
  const insert: PgInsertValue<typeof messages> = { ...row };
  if (statusOn) {
    insert.status = sql`${onChannel(row.inboxId, statusOn.channel, sql`${statusOn.value}`, sql`${row.status ?? 'sent'}`)}::message_status`;
  }
  if (contentAttributesOn) {
    const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
    insert.contentAttributes = onChannel(row.inboxId, contentAttributesOn.channel, json(contentAttributesOn.value), json(row.contentAttributes ?? {}));
  }
  const inserted = db.$with('inserted').as(db.insert(messages).values(insert).onConflictDoNothing().returning());
  const touched = db.$with('touched').as(
    db
      .update(conversations)
      .set(effectsSet(sql`(select created_at from inserted)`, effects))
      .where(and(eq(conversations.id, values.conversationId), eq(conversations.accountId, values.accountId), sql`exists (select 1 from inserted)`))
      .returning({ status: conversations.status }),
  );
  const [result] = await db
    .with(inserted, touched)
    .select({
      row: inserted._.selectedFields,
      conversationStatus: sql<ConversationStatus | null>`(select status from touched)`,
      user: userSender,
      availability: accountUsers.availability,
    })
    .from(inserted)
    .leftJoin(users, and(eq(inserted.senderType, 'User'), eq(users.id, inserted.senderId)))
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, inserted.accountId)));
  if (!result) return null;
  const sender = result.user?.id != null ? { ...result.user, availability: result.availability } : null;
  return { row: result.row as MessageRow, conversationStatus: result.conversationStatus, sender };
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

/** The account's members among these ids. */
export async function accountMemberIds(db: Executor, accountId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: accountUsers.userId })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), inArray(accountUsers.userId, userIds)));
  return rows.map((r) => r.userId);
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

/**
 * The ids of one window of a conversation's messages (Chatwoot's MessageFinder), on the
 * (conversation_id, id) index: latest 20; 20 before an id; up to 100 after an id; between
 * (after inclusive, before exclusive), up to 1000.
 */
function windowIds(db: Executor, accountId: number, conversationId: number, window: MessageWindow) {
  const own = and(eq(messages.conversationId, conversationId), eq(messages.accountId, accountId));
  const ids = db.select({ id: messages.id }).from(messages);
  if (window.before !== undefined && window.after !== undefined) {
    return ids.where(and(own, gte(messages.id, window.after), lt(messages.id, window.before))).orderBy(asc(messages.id)).limit(1000);
  }
  if (window.after !== undefined) return ids.where(and(own, gt(messages.id, window.after))).orderBy(asc(messages.id)).limit(100);
  if (window.before !== undefined) return ids.where(and(own, lt(messages.id, window.before))).orderBy(desc(messages.id)).limit(20);
  return ids.where(own).orderBy(desc(messages.id)).limit(20);
}

export type LoadedMessage = {
  message: MessageRow;
  attachments: AttachmentRow[];
  user: UserSenderRow | null;
  contact: ContactSenderRow | null;
  bot: BotSenderRow | null;
};

/**
 * Messages with their senders and attachments in one query (a row per attachment, folded here),
 * ascending by id. `which` is a list of ids or a subquery of ids.
 */
async function loadMessages(db: Executor, accountId: number, which: number[] | SQLWrapper): Promise<LoadedMessage[]> {
  const rows = await db
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
    .where(and(eq(messages.accountId, accountId), inArray(messages.id, which)))
    .orderBy(asc(messages.id), asc(attachments.id));
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

export function loadMessageWindow(db: Executor, accountId: number, conversationId: number, window: MessageWindow) {
  return loadMessages(db, accountId, windowIds(db, accountId, conversationId, window));
}

export function loadMessagesByIds(db: Executor, accountId: number, ids: number[]) {
  return ids.length === 0 ? Promise.resolve([]) : loadMessages(db, accountId, ids);
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
 * Per conversation, in one statement: the latest message id, the latest non-activity message id (two
 * LATERAL index scans backwards on (conversation_id, id)) and the unread count, capped at
 * UNREAD_COUNT_CAP: incoming, non-private messages newer than agent_last_seen_at (001 section 4).
 */
export async function summaryPicks(db: Executor, accountId: number, list: { id: number; agentLastSeenAt: Date | null }[]): Promise<SummaryPick[]> {
  if (list.length === 0) return [];
  const values = sql.join(
    list.map((c) => sql`(${c.id}::integer, ${c.agentLastSeenAt ? c.agentLastSeenAt.toISOString() : null}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select c.id as conversation_id, cv.display_id, l.id as last_id, n.id as non_activity_id,
      (select count(*)::integer from (
        select 1 from ${messages} u
        where u.conversation_id = c.id and u.message_type = 'incoming' and u.private = false
          and (c.seen is null or u.created_at > c.seen)
        limit ${UNREAD_COUNT_CAP}
      ) unread) as unread_count
    from (values ${values}) as c(id, seen)
    join ${conversations} cv on cv.id = c.id and cv.account_id = ${accountId}
    left join lateral (
      select m.id from ${messages} m where m.conversation_id = c.id order by m.id desc limit 1
    ) l on true
    left join lateral (
      select m.id from ${messages} m where m.conversation_id = c.id and m.message_type <> 'activity' order by m.id desc limit 1
    ) n on true`);
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

