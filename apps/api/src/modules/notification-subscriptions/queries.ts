import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { BrowserPushAttributes } from '@app/shared/notification-subscriptions';

const s = schema.notificationSubscriptions;
export type NotificationSubscriptionRow = typeof s.$inferSelect;

/**
 * Registers a browser for a user: one row per endpoint, so a browser that registers again (new keys) or
 * for another user (someone else signed in on it) updates the row in place.
 */
export async function upsertSubscriptionRow(db: Executor, userId: number, attributes: BrowserPushAttributes): Promise<NotificationSubscriptionRow> {
  const [row] = await db
    .insert(s)
    .values({ userId, subscriptionType: 'browser_push', subscriptionAttributes: attributes, identifier: attributes.endpoint })
    .onConflictDoUpdate({
      target: s.identifier,
      set: { userId, subscriptionType: 'browser_push', subscriptionAttributes: attributes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Removes one of the user's registrations by its endpoint; answers whether there was one. */
export async function deleteUserSubscriptionRow(db: Executor, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(s)
    .where(and(eq(s.userId, userId), eq(s.identifier, endpoint)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** The browser registrations of these users (what a push goes to). */
export function browserSubscriptionRows(db: Executor, userIds: number[]): Promise<NotificationSubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(s)
    .where(and(inArray(s.userId, userIds), eq(s.subscriptionType, 'browser_push')));
}

/** Removes a registration the push service says is gone (only if it still has the endpoint that failed). */
export async function deleteSubscriptionRow(db: Executor, id: number, endpoint: string): Promise<void> {
  await db.delete(s).where(and(eq(s.id, id), eq(s.identifier, endpoint)));
}

/** Keeps a user's newest `keep` registrations (by last registration) and removes the rest. */
export async function pruneUserSubscriptionRows(db: Executor, userId: number, keep: number): Promise<void> {
  const newest = db
    .select({ id: s.id })
    .from(s)
    .where(eq(s.userId, userId))
    .orderBy(desc(s.updatedAt), desc(s.id))
    .limit(keep);
  await db.delete(s).where(and(eq(s.userId, userId), notInArray(s.id, newest)));
}
