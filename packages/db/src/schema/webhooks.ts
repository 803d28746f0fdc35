import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sqlInteger } from '../prepared.ts';
import { accountId, createdAt, id, timestamps } from './_columns.ts';
import { accounts } from './accounts.ts';
import { messages } from './conversations.ts';
import { inboxes } from './inboxes.ts';


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
 * One event for one target, written before anything is sent (a crash never loses it): an account
 * webhook (`webhook_id`) or an API inbox's `webhook_url` (`inbox_id`). `message_id` marks the delivery
 * of an agent's outgoing message to an API inbox, whose result becomes the message's status. `status`
 * is pending | delivered | failed; a claimed delivery stays pending with `attempts` bumped and
 * `next_attempt_at` pushed past the send timeout (a lease), so a crashed sender's claim expires.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    accountId: accountId(),
    webhookId: integer().references(() => webhooks.id, { onDelete: 'cascade' }),
    inboxId: integer().references(() => inboxes.id, { onDelete: 'cascade' }),
    messageId: integer().references(() => messages.id, { onDelete: 'cascade' }),
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
    // the runner's claim: due pending deliveries by next_attempt_at (vacuumed as a queue: migration 0022)
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // a webhook's delivery log, newest first
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    // an API inbox's delivery log, and the deliveries of a message
    index('webhook_deliveries_inbox_idx').on(t.inboxId, t.id).where(sql`${t.inboxId} is not null`),
    index('webhook_deliveries_message_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
  ],
);

/** Lanes of the outbox: events caused by inbound traffic are relayed apart, so bulk work never delays them. */
export const OUTBOX_LANES = ['default', 'inbound'] as const;
export type OutboxLane = (typeof OUTBOX_LANES)[number];

/**
 * What a change will cause outside its transaction (webhooks, channel deliveries, notifications),
 * written in the same transaction as the change: a crash between the commit and the work loses
 * nothing. `subject` names the rows the relay presents the payload from (or carries it, for
 * typing, which changes nothing). The relay marks a row dispatched in the transaction that writes
 * its deliveries, so each event fans out exactly once.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lane: text().$type<OutboxLane>().notNull().default('default'),
    name: text().notNull(),
    inboxId: integer(),
    subject: jsonb().$type<OutboxSubject>().notNull(),
    createdAt: createdAt(),
    dispatchedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  // the relay's claim and its look for waiting partitions: a partition's undispatched rows of a lane, in order (the
  // table is vacuumed as a queue, after every thousand changes: migration 0022)
  (t) => [index('outbox_events_pending_idx').on(t.lane, outboxPartition(t), t.id).where(sql`${t.dispatchedAt} is null`)],
);

/**
 * Relays a lane's job runs at once, each over its own share of the rows (a partition): while one waits on Postgres
 * the other works. Changing it needs a migration: the pending index holds each row's partition.
 */
export const OUTBOX_PARTITIONS = 2;

/**
 * The partition of an outbox row: its conversation's id (else its contact's, else its account's) modulo
 * OUTBOX_PARTITIONS, so the rows of one conversation are relayed in order by one relay, never two at once. The
 * count is written into the text, not bound: the relay's statements then match the pending index's expression
 * in their generic plans too.
 */
export function outboxPartition(t: { subject: AnyColumn; accountId: AnyColumn }): SQL<number> {
  return sql<number>`mod(coalesce((${t.subject} ->> 'conversationId')::bigint, (${t.subject} ->> 'contactId')::bigint, ${t.accountId}), ${sqlInteger(OUTBOX_PARTITIONS)})`;
}

export type OutboxSubject = {
  conversationId?: number;
  messageId?: number;
  contactId?: number;
  userId?: number;
  /** Who made the change (notifications leave them out). */
  actorId?: number;
  /** The payload itself, for events that change nothing (typing). */
  data?: Record<string, unknown>;
};
