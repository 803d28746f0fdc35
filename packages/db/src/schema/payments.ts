import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, createdAt, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';
import { conversations, messages } from './conversations.ts';
import { inboxes } from './inboxes.ts';

const inboxId = () =>
  integer()
    .notNull()
    .references(() => inboxes.id, { onDelete: 'cascade' });

/** Withdraw (money out to a customer) or recharge (money in from a customer): one table, the same columns. */
export type PaymentKind = 'withdraw' | 'recharge';
/** Who caused a status change: a signed-in member or token, an import, or the system (a sweep). */
export type PaymentActorType = 'user' | 'import' | 'system';

/**
 * A withdraw or recharge request an integrator pushed (import) for one inbox. `order_id` is the integrator's
 * key, unique per inbox and kind; `amount` is an exact decimal (never a float) with its ISO 4217 currency.
 * `status` follows the transitions of `@app/shared/payments-constants`.
 */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: id(),
    accountId: accountId(),
    inboxId: inboxId(),
    kind: text().$type<PaymentKind>().notNull(),
    orderId: text().notNull(),
    utr: text(),
    upiId: text(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    currency: text().notNull().default('INR'),
    status: text().notNull(),
    customerName: text(),
    customerReference: text(),
    extras: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The conversation an operator linked (a withdraw issue, an OCR match); informative only. */
    conversationId: integer().references(() => conversations.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    // the upsert key of imports, and PATCH by order id within an inbox
    uniqueIndex('payment_records_inbox_kind_order_key').on(t.inboxId, t.kind, t.orderId),
    // the lists, newest first, for an account (administrators) and for one inbox (everyone else filters by inbox)
    index('payment_records_account_kind_created_idx').on(t.accountId, t.kind, t.createdAt.desc(), t.id.desc()),
    index('payment_records_inbox_kind_created_idx').on(t.inboxId, t.kind, t.createdAt.desc(), t.id.desc()),
    // lookups by UTR and UPI id (filters, update_by_utr_upi, OCR matches)
    index('payment_records_account_utr_idx').on(t.accountId, t.utr).where(sql`${t.utr} IS NOT NULL`),
    index('payment_records_account_upi_idx').on(t.accountId, t.upiId).where(sql`${t.upiId} IS NOT NULL`),
    // the status filter (the checker's first filter), for the account and for one inbox: the page and its capped
    // count read only matching index entries instead of walking every record of the kind
    index('payment_records_account_kind_status_created_idx').on(t.accountId, t.kind, t.status, t.createdAt.desc(), t.id.desc()),
    index('payment_records_inbox_kind_status_created_idx').on(t.inboxId, t.kind, t.status, t.createdAt.desc(), t.id.desc()),
    // the UTR filter by its last digits (4 to 11): a prefix search of the reversed UTR
    index('payment_records_account_utr_reverse_idx')
      .on(t.accountId, sql`reverse(${t.utr}) text_pattern_ops`)
      .where(sql`${t.utr} IS NOT NULL`),
    // the customer filter: substring match over name and reference (pg_trgm)
    index('payment_records_customer_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.customerName}, '') || ' ' || coalesce(${t.customerReference}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Every status change of a payment record: who, when, from, to and why. Never updated. */
export const paymentStatusChanges = pgTable(
  'payment_status_changes',
  {
    id: id(),
    accountId: accountId(),
    recordId: integer()
      .notNull()
      .references(() => paymentRecords.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text(),
    actorType: text().$type<PaymentActorType>().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the history still names the actor after the user is gone. */
    actorName: text(),
    importId: integer(),
    createdAt: createdAt(),
  },
  // a record's history, oldest first
  (t) => [index('payment_status_changes_record_idx').on(t.recordId, t.id)],
);

export type PaymentImportStatus = 'queued' | 'running' | 'completed' | 'failed';
/** One row of an import that was not written, with the reasons (the downloadable error report). */
export type PaymentImportRowError = { row: number; order_id: string | null; errors: Record<string, string[]> };

/**
 * A CSV import of payment records, run as a job: the uploaded file is kept in storage (`file_key`), the
 * job claims queued imports and reports progress; rows that fail validation are skipped and reported.
 */
export const paymentImports = pgTable(
  'payment_imports',
  {
    id: id(),
    accountId: accountId(),
    kind: text().$type<PaymentKind>().notNull(),
    /** The inbox of rows whose CSV has no inbox_id column. */
    inboxId: integer().references(() => inboxes.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    fileKey: text().notNull(),
    fileName: text(),
    status: text().$type<PaymentImportStatus>().notNull().default('queued'),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    unchangedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    rowErrors: jsonb().$type<PaymentImportRowError[]>().notNull().default([]),
    /** Why the whole file was refused (not a CSV, missing columns). */
    error: text(),
    /** A running import's claim; a worker that died lets it go when the lease expires. */
    leaseUntil: timestamp({ withTimezone: true, mode: 'date' }),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    // an account's imports, newest first
    index('payment_imports_account_idx').on(t.accountId, t.id.desc()),
    // the job's claim: what is queued or whose lease ran out
    index('payment_imports_pending_idx').on(t.status, t.leaseUntil).where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

export type WithdrawIssueStatus = 'open' | 'resolved';

/** A problem with a withdraw that an agent raised from a conversation, until someone resolves it. */
export const withdrawIssues = pgTable(
  'withdraw_issues',
  {
    id: id(),
    accountId: accountId(),
    inboxId: inboxId(),
    conversationId: integer().references(() => conversations.id, { onDelete: 'set null' }),
    orderId: text().notNull(),
    /** The withdraw record of that order id in that inbox, when there is one. */
    recordId: integer().references(() => paymentRecords.id, { onDelete: 'set null' }),
    description: text().notNull(),
    status: text().$type<WithdrawIssueStatus>().notNull().default('open'),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedById: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    resolutionNote: text(),
    ...timestamps(),
  },
  (t) => [
    // the issues tab: an account's or an inbox's issues by status, newest first
    index('withdraw_issues_account_status_idx').on(t.accountId, t.status, t.id.desc()),
    index('withdraw_issues_inbox_status_idx').on(t.inboxId, t.status, t.id.desc()),
    // at most one open issue per order id and inbox
    uniqueIndex('withdraw_issues_open_order_key').on(t.inboxId, t.orderId).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * What happened, for reports: Chatwoot's reporting events (name, value in seconds or a count, with and
 * without business hours) plus the events integrations post (`POST /api/v1/reporting_events`: `actions`,
 * `agent_name` in `data`) and payment status changes.
 */
export const reportingEvents = pgTable(
  'reporting_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountId(),
    inboxId: integer().references(() => inboxes.id, { onDelete: 'set null' }),
    conversationId: integer().references(() => conversations.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    value: doublePrecision(),
    valueInBusinessHours: doublePrecision(),
    eventStartTime: timestamp({ withTimezone: true, mode: 'date' }),
    eventEndTime: timestamp({ withTimezone: true, mode: 'date' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * What makes a derived event unique (`first_response:<conversation id>`, `resolution:<conversation id>:<at>`...):
     * writing the same fact twice (a relay that runs twice, a rebuild) is a no-op. Null for posted events.
     */
    dedupeKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // reports read an account's events by name over a time range
    index('reporting_events_account_name_created_idx').on(t.accountId, t.name, t.createdAt),
    uniqueIndex('reporting_events_account_dedupe_key').on(t.accountId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // a conversation's events (the rebuild, the raw list filtered by conversation)
    index('reporting_events_conversation_idx').on(t.conversationId).where(sql`${t.conversationId} is not null`),
  ],
);

/** A finished OCR read of one image (a message attachment or an uploaded file), so a second click is instant. */
export const ocrResults = pgTable(
  'ocr_results',
  {
    id: id(),
    accountId: accountId(),
    messageId: integer().references(() => messages.id, { onDelete: 'cascade' }),
    /** The storage key of the image that was read (attachment or upload). */
    fileKey: text().notNull(),
    /** Engine and preprocessing version: a better reader invalidates older results. */
    engine: text().notNull(),
    text: text().notNull(),
    confidence: doublePrecision().notNull(),
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    durationMs: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ocr_results_account_file_engine_key').on(t.accountId, t.fileKey, t.engine)],
);
