import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { inboxMembers } = schema;

/** The inboxes a user is a member of in one account (served by inbox_members_account_user_idx). */
export async function memberInboxIdRows(db: Executor, accountId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ inboxId: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.userId, userId)));
  return rows.map((r) => r.inboxId).sort((a, b) => a - b);
}
