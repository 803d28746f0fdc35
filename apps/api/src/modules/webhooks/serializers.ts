import type { Webhook, WebhookDelivery } from '@app/shared/webhooks';
import type { DeliveryRow, InboxSummary, WebhookRow } from './queries.ts';

export function serializeWebhook(row: WebhookRow, inbox: InboxSummary | null, secret: string): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    account_id: row.accountId,
    subscriptions: row.subscriptions,
    ...(inbox ? { inbox: { id: inbox.id, name: inbox.name, channel_type: inbox.channelType } } : {}),
    secret,
  };
}

export function serializeDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    inbox_id: row.inboxId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
    attempt_log: row.attemptLog,
  };
}
