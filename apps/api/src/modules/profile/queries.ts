import { and, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { users, accountUsers } = schema;

export type UserChanges = Partial<
  Pick<typeof users.$inferInsert, 'name' | 'displayName' | 'email' | 'confirmedAt' | 'messageSignature' | 'phoneNumber' | 'passwordHash' | 'passwordChangedAt' | 'avatarKey'>
>;

/** Locks the user's row for the rest of the transaction, so two avatar uploads cannot orphan a file. */
export async function lockUser(db: Executor, userId: number) {
  const [row] = await db.select({ id: users.id, avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/**
 * Writes the profile columns; `uiSettings` is merged into the stored map in SQL (`||`), so concurrent
 * saves of different keys (the dashboard saves one setting at a time) never drop each other.
 */
export async function updateUserRow(db: Executor, userId: number, values: UserChanges, uiSettings?: Record<string, unknown>) {
  await db
    .update(users)
    .set({ ...values, ...(uiSettings ? { uiSettings: sql`${users.uiSettings} || ${JSON.stringify(uiSettings)}::jsonb` } : {}) })
    .where(eq(users.id, userId));
}

/** Updates the user's own membership of one account; null when the user is not a member of it. */
export async function updateMembershipRow(
  db: Executor,
  userId: number,
  accountId: number,
  values: Partial<Pick<typeof accountUsers.$inferInsert, 'availability' | 'autoOffline'>>,
) {
  const [row] = await db
    .update(accountUsers)
    .set(values)
    .where(and(eq(accountUsers.userId, userId), eq(accountUsers.accountId, accountId)))
    .returning({ id: accountUsers.id });
  return row ?? null;
}
