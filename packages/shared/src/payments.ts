import { z } from 'zod';
import {
  AMOUNT_PATTERN,
  PAYMENT_EXPORT_MAX_COUNT,
  PAYMENT_IMPORT_MAX_RECORDS,
  PAYMENT_RECORDS_MAX_PER_PAGE,
  PAYMENT_RECORDS_PER_PAGE,
  RECHARGE_STATUSES,
  UPI_ID_PATTERN,
  UTR_PATTERN,
  WITHDRAW_ISSUE_STATUSES,
  WITHDRAW_STATUSES,
} from './payments-constants.ts';

/*
 * Payment operations wire shapes (docs/payments.md). The spec names the calls and leaves the shapes open
 * (001 section 9: "not shown"); these are ours. Amounts travel as decimal strings ("1200.50") so nothing is
 * ever rounded through a float; times are ISO 8601.
 */

const orderId = z.string().trim().min(1, "can't be blank").max(100);
const utr = z.string().trim().regex(UTR_PATTERN, 'must be 12 digits');
const upiId = z.string().trim().regex(UPI_ID_PATTERN, 'must look like name@bank');
/** A decimal amount, given as a string or a number (JSON integrators send both); kept as the canonical string. */
const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => AMOUNT_PATTERN.test(v), 'must be a positive amount with at most 2 decimals')
  .refine((v) => Number(v) > 0, 'must be greater than 0');
const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
  .transform((v) => v.toUpperCase());
const reason = z.string().trim().max(1000).optional();
const extras = z.record(z.string(), z.unknown()).optional();
const inboxId = z.coerce.number().int().positive().max(2_147_483_647);

export const PaymentRecordSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  inbox_id: z.number().int(),
  inbox_name: z.string(),
  kind: z.enum(['withdraw', 'recharge']),
  order_id: z.string(),
  utr: z.string().nullable(),
  upi_id: z.string().nullable(),
  amount: z.string().describe('Exact decimal, e.g. "1200.50".'),
  currency: z.string(),
  status: z.string(),
  customer_name: z.string().nullable(),
  customer_reference: z.string().nullable(),
  extras: z.record(z.string(), z.unknown()),
  conversation_id: z.number().int().nullable().describe('Display id of a linked conversation.'),
  status_changed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

export const PaymentStatusChangeSchema = z.object({
  id: z.number().int(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  reason: z.string().nullable(),
  actor: z.object({ type: z.enum(['user', 'import', 'system']), id: z.number().int().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
});
export type PaymentStatusChange = z.infer<typeof PaymentStatusChangeSchema>;

/** GET withdraws / recharges (and their export): every filter optional; `inbox` (001) and `inbox_id` mean the same. */
export const paymentListQuerySchema = (statuses: readonly [string, ...string[]]) =>
  z
    .object({
      inbox: inboxId.optional(),
      inbox_id: inboxId.optional(),
      status: z.enum(statuses).optional(),
      order_id: z.string().trim().min(1).max(100).optional(),
      utr: z.string().trim().min(1).max(12).optional().describe('Exact UTR, or its last digits (at least 4).'),
      upi_id: z.string().trim().min(1).max(320).optional(),
      customer: z.string().trim().min(1).max(200).optional().describe('Substring of the customer name or reference.'),
      amount_min: z.string().regex(AMOUNT_PATTERN).optional(),
      amount_max: z.string().regex(AMOUNT_PATTERN).optional(),
      since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('Created at or after.'),
      until: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('Created before (a date means the end of that day).'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      per_page: z.coerce.number().int().min(1).max(PAYMENT_RECORDS_MAX_PER_PAGE).default(PAYMENT_RECORDS_PER_PAGE),
    })
    .transform(({ inbox, inbox_id, ...rest }) => ({ ...rest, inbox_id: inbox_id ?? inbox }));
export const WithdrawListQuerySchema = paymentListQuerySchema(WITHDRAW_STATUSES);
export const RechargeListQuerySchema = paymentListQuerySchema(RECHARGE_STATUSES);
export type PaymentListQuery = z.infer<typeof WithdrawListQuerySchema>;

export const PaymentExportQuerySchema = z.object({
  max_count: z.coerce.number().int().min(1).max(PAYMENT_EXPORT_MAX_COUNT).default(PAYMENT_EXPORT_MAX_COUNT),
});

export const PaymentListSchema = z.object({
  meta: z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int().describe('Exact up to PAYMENT_COUNT_CAP (10,000; 1,000 with a customer filter); beyond it, the cap with count_capped true.'),
    count_capped: z.boolean(),
  }),
  payload: z.array(PaymentRecordSchema),
});
export type PaymentList = z.infer<typeof PaymentListSchema>;

/** GET withdraws/:id and recharges/:id: the record and its status history, oldest first. */
export const PaymentRecordDetailSchema = z.object({ payload: PaymentRecordSchema.extend({ history: z.array(PaymentStatusChangeSchema) }) });

/** PATCH withdraws/update_status_by_order_id_undelivered (001 section 7). */
export const WithdrawStatusUpdateBodySchema = z.object({
  order_id: orderId,
  inbox: inboxId,
  status: z.enum(WITHDRAW_STATUSES),
  utr: utr.optional(),
  reason,
  extras,
});

/**
 * PATCH recharges/update_by_utr_upi: finds the recharge by `order_id` (with `inbox`), else by `utr`, else by
 * `upi_id` among the open ones; none answers 404, several 409 with their ids. Fills a missing UTR/UPI id.
 */
export const RechargeUpdateBodySchema = z
  .object({
    inbox: inboxId.optional(),
    order_id: orderId.optional(),
    utr: utr.optional(),
    upi_id: upiId.optional(),
    status: z.enum(RECHARGE_STATUSES),
    reason,
    extras,
  })
  .refine((b) => b.order_id || b.utr || b.upi_id, { message: 'give order_id, utr or upi_id', path: ['utr'] });

export const PaymentRecordPayloadSchema = z.object({ payload: PaymentRecordSchema });

/** One record of a JSON import (upserted by inbox and order id). */
export const PaymentImportRecordSchema = z.object({
  inbox_id: inboxId,
  order_id: orderId,
  amount,
  currency: currency.default('INR'),
  status: z.string().trim().min(1).max(32).optional().describe('A status of the kind; new records default to pending.'),
  utr: utr.nullable().optional(),
  upi_id: upiId.nullable().optional(),
  customer_name: z.string().trim().max(255).nullable().optional(),
  customer_reference: z.string().trim().max(255).nullable().optional(),
  extras,
  created_at: z.iso.datetime({ offset: true }).optional().describe("The integrator's creation time; defaults to now."),
});
export type PaymentImportRecord = z.infer<typeof PaymentImportRecordSchema>;

/** POST withdraws/import and recharges/import with JSON: all or nothing, 422 names `records.<index>.<field>`. */
export const PaymentImportBodySchema = z.object({ records: z.array(PaymentImportRecordSchema).min(1).max(PAYMENT_IMPORT_MAX_RECORDS) });

export const PaymentImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  payload: z.array(z.object({ id: z.number().int(), inbox_id: z.number().int(), order_id: z.string(), result: z.enum(['created', 'updated', 'unchanged']) })),
});

/** A CSV import job (POST …/import with a multipart `file` answers 202 with it; GET payment_imports/:id). */
export const PaymentImportJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['withdraw', 'recharge']),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  file_name: z.string().nullable(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  error_report_url: z.string().nullable().describe('CSV of the rows that were not imported, with the reasons.'),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PaymentImportJob = z.infer<typeof PaymentImportJobSchema>;
export const PaymentImportJobPayloadSchema = z.object({ payload: PaymentImportJobSchema });

export const WithdrawIssueSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  inbox_id: z.number().int(),
  inbox_name: z.string(),
  conversation_id: z.number().int().nullable().describe('Display id.'),
  order_id: z.string(),
  withdraw: PaymentRecordSchema.nullable().describe('The withdraw of that order id in that inbox, when there is one.'),
  description: z.string(),
  status: z.enum(WITHDRAW_ISSUE_STATUSES),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  resolved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  resolved_at: z.string().nullable(),
  resolution_note: z.string().nullable(),
  created_at: z.string(),
});
export type WithdrawIssue = z.infer<typeof WithdrawIssueSchema>;

/** POST withdraw_issues (flat or under `withdraw_issue`); failures answer `{error}` (001 section 8). */
export const CreateWithdrawIssueBodySchema = z.object({
  order_id: orderId,
  conversation_id: z.coerce.number().int().positive().max(2_147_483_647).describe('Display id.'),
  inbox_id: inboxId,
  description: z.string().trim().min(1, "can't be blank").max(2000),
});
export const UpdateWithdrawIssueBodySchema = z.object({ status: z.enum(WITHDRAW_ISSUE_STATUSES), resolution_note: z.string().trim().max(2000).optional() });
export const WithdrawIssueListQuerySchema = z.object({
  inbox_id: inboxId.optional(),
  status: z.enum(WITHDRAW_ISSUE_STATUSES).optional(),
  order_id: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const WithdrawIssueListSchema = z.object({
  meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), count: z.number().int() }),
  payload: z.array(WithdrawIssueSchema),
});

/** POST ocr/withdraw_button: an image attachment of a message, or a file URL of this installation. */
export const OcrRequestBodySchema = z
  .object({ message_id: z.coerce.number().int().positive().max(2_147_483_647).optional(), file_url: z.string().trim().max(2048).optional() })
  .refine((b) => Boolean(b.message_id) !== Boolean(b.file_url), { message: 'give message_id or file_url', path: ['message_id'] });

export const OcrFieldsSchema = z.object({
  utr: z.string().nullable(),
  amount: z.string().nullable(),
  upi_id: z.string().nullable(),
  date: z.string().nullable().describe('yyyy-MM-dd'),
  time: z.string().nullable().describe('HH:mm (24 h)'),
  status: z.enum(['success', 'failed', 'pending']).nullable().describe('From the status words on the screenshot.'),
  status_words: z.array(z.string()),
});
export type OcrFields = z.infer<typeof OcrFieldsSchema>;

export const OcrResultSchema = z.object({
  message_id: z.number().int().nullable(),
  file_url: z.string().nullable(),
  text: z.string(),
  confidence: z.number().describe('0..100, tesseract mean word confidence.'),
  fields: OcrFieldsSchema,
  matches: z.object({ withdraws: z.array(PaymentRecordSchema), recharges: z.array(PaymentRecordSchema) }),
  duration_ms: z.number().int(),
  cached: z.boolean(),
});
export type OcrResult = z.infer<typeof OcrResultSchema>;
export const OcrResultPayloadSchema = z.object({ payload: OcrResultSchema });

/** POST /api/v1/reporting_events (001 section 7; not account-scoped: the account is the inbox's). */
export const ReportingEventBodySchema = z.object({
  type: z.string().trim().min(1).max(100),
  inbox_id: inboxId,
  conversation_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional().describe('Display id in the inbox account.'),
  actions: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.string().max(2000)]).optional(),
  agent_name: z.string().trim().max(255).nullable().optional(),
});

/** GET conversation_summaries: conversations created in the range, per inbox, by status and by assignee. */
export const ConversationSummaryQuerySchema = z.object({
  inbox_id: inboxId.optional(),
  since: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  until: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
const statusCounts = { open: z.number().int(), pending: z.number().int(), resolved: z.number().int(), snoozed: z.number().int(), total: z.number().int() };
export const ConversationSummarySchema = z.object({
  inbox_id: z.number().int(),
  inbox_name: z.string(),
  ...statusCounts,
  agents: z.array(z.object({ agent_id: z.number().int().nullable().describe('null: unassigned'), name: z.string().nullable(), ...statusCounts })),
});
export const ConversationSummaryListSchema = z.object({
  meta: z.object({ since: z.string(), until: z.string() }),
  payload: z.array(ConversationSummarySchema),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** POST withdraw_issues and PATCH withdraw_issues/:id answer the issue under `payload`. */
export const WithdrawIssuePayloadSchema = z.object({ payload: WithdrawIssueSchema });
/** Every failure of POST withdraw_issues (001 section 8): the text to show; 422s keep their per-field errors beside it. */
export const WithdrawIssueErrorSchema = z.object({
  error: z.string().describe('Shown as is; a client with no text shows WITHDRAW_ISSUE_UNKNOWN_ERROR.'),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** A stored reporting event, as POST /api/v1/reporting_events answers it. */
export const ReportingEventSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  inbox_id: z.number().int().nullable(),
  conversation_id: z.number().int().nullable().describe('Display id.'),
  user_id: z.number().int().nullable(),
  name: z.string().describe('The `type` that was posted.'),
  data: z.record(z.string(), z.unknown()).describe('`actions` and `agent_name` as posted.'),
  created_at: z.string(),
});
export type ReportingEvent = z.infer<typeof ReportingEventSchema>;
export const ReportingEventPayloadSchema = z.object({ payload: ReportingEventSchema });
