import type { z } from 'zod';
import { CSAT_PAGE_SIZE, CSAT_RATINGS, type CsatListSchema, type CsatMetrics, type CsatQuery } from '@app/shared/csat';
import { reportCsvFileName } from '@app/shared/reports';
import { invalid } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { csvLine } from '../../lib/csv.ts';
import { conversationScope, type ConversationScope } from '../conversations/scope.ts';
import { countResponses, countSurveysSent, ratingCounts, ratingTotals, responseConditions, rollupReading, selectResponses, sentTotal, type CsatFilters } from './queries.ts';
import { serializeResponse } from './serializers.ts';

/** Download rows are capped: a CSV of the whole history is a job's work, not a request's. */
export const CSAT_DOWNLOAD_MAX_ROWS = 50_000;

/**
 * Whose responses the caller reads: administrators and report_manage roles the whole account; anyone else
 * (agents) the responses of the conversations they may see (the conversations module's scope).
 */
async function readerScope(ctx: AccountCtx): Promise<ConversationScope | null> {
  const { role, permissions } = ctx.membership;
  if (role === 'administrator' || permissions.includes('report_manage')) return null;
  return conversationScope(ctx);
}

function checkRange(query: CsatFilters) {
  if (query.since !== undefined && query.until !== undefined && query.until <= query.since) throw invalid('until', 'must be after since');
}

/** GET csat_survey_responses (S1-7.97): a page of the filtered responses and how many match. */
export async function listCsatResponses(ctx: AccountCtx, query: CsatQuery): Promise<z.infer<typeof CsatListSchema>> {
  checkRange(query);
  const where = responseConditions(ctx.accountId, query, await readerScope(ctx));
  const [rows, total] = await Promise.all([
    selectResponses(ctx.db, where, query.sort, { limit: CSAT_PAGE_SIZE, offset: (query.page - 1) * CSAT_PAGE_SIZE }),
    countResponses(ctx.db, where),
  ]);
  return { meta: { count: total, current_page: query.page }, payload: rows.map((row) => serializeResponse(row, ctx.storage.url)) };
}

/**
 * GET csat_survey_responses/metrics (S1-7.99, S1-3.32, S1-3.33). A reader who sees the whole account, over a range
 * of whole quarter hours (what the dashboard's date ranges are) with at most one of the inbox, team and agent
 * filters, is answered from the rollups: a few rows per day whatever the number of responses. Anything else
 * (an agent's own conversations, combined filters, a range to the second) counts the rows (docs/csat.md).
 */
export async function csatMetrics(ctx: AccountCtx, query: CsatFilters): Promise<CsatMetrics> {
  checkRange(query);
  const scope = await readerScope(ctx);
  const fromRollups = scope === null ? rollupReading(query) : null;
  const [ratings, sent] = await Promise.all([
    fromRollups ? ratingTotals(ctx.db, ctx.accountId, fromRollups, query.rating) : ratingCounts(ctx.db, responseConditions(ctx.accountId, query, scope)),
    fromRollups?.sentToo ? sentTotal(ctx.db, ctx.accountId, fromRollups) : countSurveysSent(ctx.db, ctx.accountId, query, scope),
  ]);
  const ratingsCount = Object.fromEntries(CSAT_RATINGS.map((rating) => [String(rating), ratings.get(rating) ?? 0])) as CsatMetrics['ratings_count'];
  const total = CSAT_RATINGS.reduce((sum, rating) => sum + (ratings.get(rating) ?? 0), 0);
  return { total_count: total, ratings_count: ratingsCount, total_sent_messages_count: sent };
}

const HEADER = ['Contact name', 'Contact email', 'Contact phone number', 'Assigned agent', 'Assigned agent email', 'Inbox', 'Rating', 'Feedback', 'Conversation', 'Answered at'];

/** GET csat_survey_responses/download (S1-7.98): the filtered responses as CSV (escaped cells), named csat-report-dd-MM-yyyy.csv. */
export async function downloadCsatResponses(ctx: AccountCtx, query: CsatQuery): Promise<{ fileName: string; body: string }> {
  checkRange(query);
  const where = responseConditions(ctx.accountId, query, await readerScope(ctx));
  const rows = await selectResponses(ctx.db, where, query.sort, { limit: CSAT_DOWNLOAD_MAX_ROWS, offset: 0 });
  const lines = [csvLine(HEADER)];
  for (const row of rows) {
    lines.push(
      csvLine([
        row.contact?.name,
        row.contact?.email,
        row.contact?.phoneNumber,
        row.agent ? row.agent.displayName || row.agent.name : null,
        row.agent?.email,
        row.inbox?.name,
        row.rating,
        row.feedbackMessage,
        row.conversationDisplayId,
        row.createdAt.toISOString(),
      ]),
    );
  }
  return { fileName: reportCsvFileName('csat', new Date(), false), body: lines.join('') };
}
