import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './_columns.ts';
import { accounts } from './accounts.ts';
import { inboxes } from './inboxes.ts';

const accountId = () =>
  integer()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/** An account's outgoing webhook; the signing secret is sealed with AES-256-GCM under SECRET_KEY_BASE. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    accountId: accountId(),
    inboxId: integer().references(() => inboxes.id, { onDelete: 'cascade' }),
    name: text(),
    url: text().notNull(),
    subscriptions: jsonb().$type<string[]>().notNull().default([]),
    secretSealed: text().notNull(),
    ...timestamps(),
  },
  // the account's webhooks (list, and the listener's lookup per event); one URL once per account
  (t) => [uniqueIndex('webhooks_account_url_key').on(t.accountId, t.url)],
);

/** One attempt to deliver, kept on its delivery. */
export type WebhookAttempt = { attempt: number; at: string; status_code: number | null; error: string | null; duration_ms: number };

/**
 * One event for one webhook, written before anything is sent (a crash never loses it). `status` is
 * pending | delivered | failed; a claimed delivery stays pending with `attempts` bumped and
 * `next_attempt_at` pushed past the send timeout (a lease), so a crashed sender's claim expires.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    accountId: accountId(),
    webhookId: integer()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(6),
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastStatusCode: integer(),
    lastError: text(),
    attemptLog: jsonb().$type<WebhookAttempt[]>().notNull().default([]),
    deliveredAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // the runner's claim: due pending deliveries by next_attempt_at
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // a webhook's delivery log, newest first
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);
