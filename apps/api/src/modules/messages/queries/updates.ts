import { and, eq, inArray, sql } from 'drizzle-orm';
import { anyInteger, schema, type Executor } from '@app/db';
import type { MessageStatus } from '@app/shared/constants';
import type { MessageInsert, MessageRow } from './rows.ts';

const { messages, mentions, conversationParticipants } = schema;

export async function updateMessageRow(db: Executor, accountId: number, id: number, values: Partial<MessageInsert>): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(messages.id, id), eq(messages.accountId, accountId)))
    .returning();
  return row ?? null;
}

export type Settlement = { accountId: number; messageId: number; status: 'sent' | 'failed'; error: string | null };

/**
 * Settles the messages of these deliveries that are still in progress, in two statements whatever their number:
 * the rows are locked in id order (two settlers never wait on each other in a circle), then updated at once:
 * sent, or failed with the error kept in content_attributes.external_error. Answers the updated rows.
 */
export async function settleProgressMessages(db: Executor, settled: readonly Settlement[]): Promise<MessageRow[]> {
  if (settled.length === 0) return [];
  const ids = [...new Set(settled.map((s) => s.messageId))];
  const locked = await db.select({ id: messages.id }).from(messages).where(and(anyInteger(messages.id, ids), eq(messages.status, 'progress'))).orderBy(messages.id).for('update');
  if (locked.length === 0) return [];
  const input = JSON.stringify(settled.map((s) => ({ id: s.messageId, account_id: s.accountId, status: s.status, error: s.error })));
  return db
    .update(messages)
    .set({
      status: sql`s.status::message_status`,
      contentAttributes: sql`case when s.error is null then ${messages.contentAttributes} else ${messages.contentAttributes} || jsonb_build_object('external_error', s.error) end`,
      updatedAt: new Date(),
    })
    .from(sql`jsonb_to_recordset(${input}::jsonb) as s(id integer, account_id integer, status text, error text)`)
    .where(
      and(
        sql`${messages.id} = s.id`,
        sql`${messages.accountId} = s.account_id`,
        eq(messages.status, 'progress'),
        anyInteger(messages.id, locked.map((r) => r.id)),
      ),
    )
    .returning();
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
