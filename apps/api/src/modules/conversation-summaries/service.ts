import type { z } from 'zod';
import type { ConversationSummaryQuerySchema } from '@app/shared/payments';
import { invalid } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { checkVisibleInboxes, visibleInboxIds } from '../inbox-members/service.ts';
import { countConversationsByInbox } from './queries.ts';
import { summarize } from './summarize.ts';

type Query = z.infer<typeof ConversationSummaryQuerySchema>;

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_SUMMARY_DAYS = 7;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** [since, until): a date means its whole day (UTC), so `until=2026-11-25` counts the 25th; by default the last 7 days. */
export function summaryWindow(query: Pick<Query, 'since' | 'until'>, now = new Date()) {
  const until = query.until === undefined ? now : new Date(isDate(query.until) ? Date.parse(`${query.until}T00:00:00Z`) + DAY : Date.parse(query.until));
  const since = query.since === undefined ? new Date(until.getTime() - DEFAULT_SUMMARY_DAYS * DAY) : new Date(Date.parse(isDate(query.since) ? `${query.since}T00:00:00Z` : query.since));
  if (since >= until) throw invalid('since', 'must be before until');
  return { since, until };
}

/**
 * Conversations created in the window, per inbox the caller sees (administrators: all; everyone else,
 * checkers included, their member inboxes), by status and by assignee. An inbox_id they do not see: 404.
 */
export async function listConversationSummaries(ctx: AccountCtx, query: Query) {
  const { since, until } = summaryWindow(query);
  if (query.inbox_id !== undefined) await checkVisibleInboxes(ctx, ctx.db, [query.inbox_id]);
  const inboxIds = query.inbox_id !== undefined ? [query.inbox_id] : await visibleInboxIds(ctx);
  const rows = await countConversationsByInbox(ctx.db, { accountId: ctx.accountId, inboxIds, since, until });
  return { meta: { since: since.toISOString(), until: until.toISOString() }, payload: summarize(rows) };
}
