import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { anyIntegerPlaceholder, preparedFor, schema, type Executor } from '@app/db';
import type { AttachmentInsert, AttachmentRow } from './rows.ts';

const { messages, attachments } = schema;

export async function insertAttachmentRows(db: Executor, values: AttachmentInsert[]): Promise<AttachmentRow[]> {
  if (values.length === 0) return [];
  return db.insert(attachments).values(values).returning();
}

/** Deletes a message's attachment rows and answers their stored files' keys. */
export async function deleteAttachmentRows(db: Executor, messageId: number): Promise<string[]> {
  const rows = await db.delete(attachments).where(eq(attachments.messageId, messageId)).returning({ key: attachments.storageKey });
  return rows.map((r) => r.key).filter((k): k is string => k !== null);
}

/** The attachments of these messages of the account, by id; one statement prepared once (rows.ts, findMessagesByIds). */
export function attachmentsOf(db: Executor, accountId: number, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return preparedFor(db, 'attachments_of_messages', (on) =>
    on
      .select()
      .from(attachments)
      .where(and(eq(attachments.accountId, sql.placeholder('accountId')), anyIntegerPlaceholder(attachments.messageId)))
      .orderBy(asc(attachments.id)),
  ).execute({ accountId, ids: messageIds });
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
