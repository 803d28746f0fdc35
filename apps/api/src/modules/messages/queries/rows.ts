import { and, eq, sql } from 'drizzle-orm';
import { anyIntegerPlaceholder, preparedFor, schema, type Executor } from '@app/db';

const { messages, conversations, inboxes, channels } = schema;

export type MessageRow = typeof messages.$inferSelect;
export type MessageInsert = typeof messages.$inferInsert;
export type AttachmentRow = typeof schema.attachments.$inferSelect;
export type AttachmentInsert = typeof schema.attachments.$inferInsert;
export type ChannelType = (typeof channels.$inferSelect)['channelType'];

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

/**
 * Message rows of the account by id (any order); gone ones are absent. Prepared once (preparedFor), as the other reads
 * of a message's presentation: the relay presents every message it relays, one at a time at a desk's pace, where
 * building each statement with drizzle was the largest share of a message's CPU (docs/benchmarks.md, "Fourteenth
 * session").
 */
export async function findMessagesByIds(db: Executor, accountId: number, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return preparedFor(db, 'messages_by_ids', (on) => on.select().from(messages).where(and(eq(messages.accountId, sql.placeholder('accountId')), anyIntegerPlaceholder(messages.id)))).execute({ accountId, ids });
}

export async function messageInConversation(db: Executor, conversationId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, id)))
    .limit(1);
  return Boolean(row);
}

export type ConversationRef = { id: number; displayId: number; assigneeId: number | null };

export function conversationRefs(db: Executor, accountId: number, ids: number[]): Promise<ConversationRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return preparedFor(db, 'conversation_refs', (on) =>
    on
      .select({ id: conversations.id, displayId: conversations.displayId, assigneeId: conversations.assigneeId })
      .from(conversations)
      .where(and(eq(conversations.accountId, sql.placeholder('accountId')), anyIntegerPlaceholder(conversations.id))),
  ).execute({ accountId, ids });
}
