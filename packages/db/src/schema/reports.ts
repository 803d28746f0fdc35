import { sql } from 'drizzle-orm';
import { bigint, check, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';
import { contacts, conversations, messages } from './conversations.ts';
import { inboxes } from './inboxes.ts';
import { teams } from './settings.ts';


/**
 * Reports never scan messages (docs/reports.md): the relay adds every reportable fact to these rollups as it
 * relays the event, in the same transaction that marks the event dispatched, so a fact counts exactly once.
 *
 * A rollup row is one metric of one dimension in one time bucket: `count` facts, whose durations (seconds) add
 * up to `sum`, and to `sum_bh` counted within the inbox's business hours. Dimensions: `account` (key ''),
 * `inbox`, `agent`, `team` (key: the id as text) and `label` (key: the label's title, lowercase).
 *
 * Two grains: quarter hours (every time zone's offset is a multiple of 15 minutes, so a local day or hour is a
 * whole number of buckets) for time series and the heatmap, and UTC days for sums over long ranges (whole days
 * from the daily table, the partial days at either end from the quarter hours).
 */
const rollupColumns = () => ({
  accountId: accountId(),
  dimension: text().$type<RollupDimension>().notNull(),
  key: text().notNull(),
  metric: text().$type<RollupMetric>().notNull(),
  count: bigint({ mode: 'number' }).notNull().default(0),
  sum: doublePrecision().notNull().default(0),
  sumBh: doublePrecision().notNull().default(0),
});

export const ROLLUP_DIMENSIONS = ['account', 'inbox', 'agent', 'team', 'label'] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/**
 * What a rollup counts. Counts: conversation_created, incoming_message, outgoing_message, bot_conversation
 * (created in an inbox an agent bot answers), bot_message (sent by an agent bot), resolution_bot (resolved with no
 * agent reply, in a bot's inbox), bot_handoff, conversation_reopened. Durations (count + seconds):
 * first_response, reply_time, resolution. CSAT (counts, kept by the csat module, not derived from events):
 * csat_sent (survey messages sent; account and inbox only) and csat_rating_1..5 (responses by their rating, at
 * the response's creation, with the inbox, team and agent stored on it; a changed answer moves its count).
 */
export const ROLLUP_METRICS = [
  'conversation_created',
  'incoming_message',
  'outgoing_message',
  'first_response',
  'reply_time',
  'resolution',
  'bot_resolution',
  'bot_handoff',
  'conversation_reopened',
  'bot_conversation',
  'bot_message',
  'csat_sent',
  'csat_rating_1',
  'csat_rating_2',
  'csat_rating_3',
  'csat_rating_4',
  'csat_rating_5',
] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

/** Quarter-hour rollups: `bucket` is the start of the 15 minutes (UTC). */
export const reportRollups = pgTable(
  'report_rollups',
  { ...rollupColumns(), bucket: timestamp({ withTimezone: true, mode: 'date' }).notNull() },
  (t) => [primaryKey({ columns: [t.accountId, t.dimension, t.metric, t.key, t.bucket] })],
);

/** Daily rollups: `day` is the UTC date. */
export const reportDailyRollups = pgTable(
  'report_daily_rollups',
  { ...rollupColumns(), day: date({ mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.accountId, t.dimension, t.metric, t.day, t.key] })],
);

/**
 * A customer's answer to the satisfaction survey sent when their conversation resolved: one per
 * conversation, changeable by the customer for CSAT_RESPONSE_EDIT_WINDOW_DAYS. `assigned_agent_id` and
 * `inbox_id` / `team_id` are the conversation's when the survey was answered (the report filters by them).
 */
export const csatSurveyResponses = pgTable(
  'csat_survey_responses',
  {
    id: id(),
    accountId: accountId(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The input_csat message the survey went out as. */
    messageId: integer().references(() => messages.id, { onDelete: 'set null' }),
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    inboxId: integer().references(() => inboxes.id, { onDelete: 'set null' }),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    assignedAgentId: integer().references(() => users.id, { onDelete: 'set null' }),
    rating: smallint().notNull(),
    feedbackMessage: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('csat_survey_responses_conversation_key').on(t.conversationId),
    // the list and metrics: an account's responses in a time range, newest first; the filters' columns follow the
    // unique id (so they never change the order) to make counts and metrics index-only scans
    index('csat_survey_responses_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc(), t.rating, t.inboxId, t.teamId, t.assignedAgentId),
    check('csat_survey_responses_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
