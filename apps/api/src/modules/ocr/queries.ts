import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { messages, attachments, conversations, ocrResults } = schema;

export type OcrResultRow = typeof ocrResults.$inferSelect;

/** A message of the account with its conversation's display id (visibility is checked on that). */
export async function findMessage(db: Executor, accountId: number, messageId: number) {
  const [row] = await db
    .select({ id: messages.id, conversationDisplayId: conversations.displayId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId)))
    .limit(1);
  return row;
}

/** The message's first image attachment that this installation stores (external images are never fetched). */
export async function firstStoredImageKey(db: Executor, accountId: number, messageId: number): Promise<string | null> {
  const [row] = await db
    .select({ storageKey: attachments.storageKey })
    .from(attachments)
    .where(and(eq(attachments.accountId, accountId), eq(attachments.messageId, messageId), eq(attachments.fileType, 'image'), isNotNull(attachments.storageKey)))
    .orderBy(asc(attachments.id))
    .limit(1);
  return row?.storageKey ?? null;
}

export async function findOcrResult(db: Executor, accountId: number, fileKey: string, engine: string): Promise<OcrResultRow | undefined> {
  const [row] = await db
    .select()
    .from(ocrResults)
    .where(and(eq(ocrResults.accountId, accountId), eq(ocrResults.fileKey, fileKey), eq(ocrResults.engine, engine)))
    .limit(1);
  return row;
}

/** Keeps a read; a concurrent read of the same image that finished first wins (same text either way). */
export async function insertOcrResult(db: Executor, values: typeof ocrResults.$inferInsert): Promise<void> {
  await db.insert(ocrResults).values(values).onConflictDoNothing({ target: [ocrResults.accountId, ocrResults.fileKey, ocrResults.engine] });
}
