import type { CreateNotificationSubscriptionBody, DeleteNotificationSubscriptionBody, NotificationSubscription, PushMessage } from '@app/shared/notification-subscriptions';
import { invalid } from '../../lib/app-error.ts';
import type { Services, UserCtx } from '../../lib/context.ts';
import { allowListGuard, urlRefusal } from '../../lib/safe-fetch.ts';
import { browserSubscriptionRows, deleteSubscriptionRow, deleteUserSubscriptionRow, pruneUserSubscriptionRows, upsertSubscriptionRow } from './queries.ts';
import { serializeSubscription } from './serializers.ts';
import { keysRefusal, sendWebPush, type PushOutcome } from './web-push.ts';

// Registrations belong to the user, not to an account (there is no account audit log to write to), as in Chatwoot.

/**
 * A user's browsers kept at most: each push goes to all of them, so this bounds what one notification
 * sends (browsers that were never unregistered, say after a reinstall, go first).
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * POST /api/v1/notification_subscriptions: registers the caller's browser for push. The endpoint must be a
 * URL the server may call (as webhooks: public, or in WEBHOOK_ALLOWED_HOSTS) and the keys must be usable.
 */
export async function createSubscription(ctx: UserCtx, input: CreateNotificationSubscriptionBody): Promise<NotificationSubscription> {
  const attributes = input.subscription_attributes;
  const refusal = await urlRefusal(attributes.endpoint, allowListGuard(ctx.config.webhooks.allowedHosts));
  if (refusal) throw invalid('subscription_attributes.endpoint', refusal);
  const keys = keysRefusal(attributes);
  if (keys) throw invalid(`subscription_attributes.${keys.field}`, keys.message);
  return ctx.db.transaction(async (tx) => {
    const row = await upsertSubscriptionRow(tx, ctx.actor.id, attributes);
    await pruneUserSubscriptionRows(tx, ctx.actor.id, MAX_SUBSCRIPTIONS_PER_USER);
    return serializeSubscription(row);
  });
}

/** DELETE /api/v1/notification_subscriptions: the caller's browser stops receiving pushes (nothing to do when it was not registered). */
export async function deleteSubscription(ctx: UserCtx, input: DeleteNotificationSubscriptionBody): Promise<void> {
  await deleteUserSubscriptionRow(ctx.db, ctx.actor.id, (input.endpoint ?? input.push_token)!);
}

/**
 * Pushes each message to every browser its user registered, all at once. A browser its push service says is
 * gone (404, 410) is unregistered. Answers what happened, per user.
 */
export async function pushToUsers(services: Services, pushes: { userId: number; message: PushMessage }[]): Promise<{ userId: number; outcome: PushOutcome }[]> {
  if (pushes.length === 0) return [];
  const rows = await browserSubscriptionRows(services.db, [...new Set(pushes.map((p) => p.userId))]);
  const sends = pushes.flatMap(({ userId, message }) =>
    rows
      .filter((row) => row.userId === userId)
      .map(async (row) => {
        const outcome = await sendWebPush(services, row.subscriptionAttributes, message);
        if (outcome === 'gone') await deleteSubscriptionRow(services.db, row.id, row.identifier);
        return { userId, outcome };
      }),
  );
  return Promise.all(sends);
}
