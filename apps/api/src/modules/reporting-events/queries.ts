import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { inboxes, conversations } = schema;

/** The account an inbox belongs to, whichever account that is (the route is not account-scoped). */
export async function findInboxAccountId(db: Executor, inboxId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: inboxes.accountId }).from(inboxes).where(eq(inboxes.id, inboxId)).limit(1);
  return row?.accountId ?? null;
}

/** A conversation of that inbox by its display id (conversations_account_display_id_key). */
export async function findInboxConversationId(db: Executor, accountId: number, inboxId: number, displayId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.displayId, displayId), eq(conversations.inboxId, inboxId)))
    .limit(1);
  return row?.id ?? null;
}
