import { eq, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { CONVERSATIONS_PER_PAGE, type ListConversationsQuery } from '@app/shared/conversations';
import type { FilterQuery } from '@app/shared/custom-filters';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { compileConversationFilter } from '../../lib/filters/index.ts';
import { filterableDefinitions } from '../custom-attributes/service.ts';
import { countsCache } from './counts-cache.ts';
import { assigneeCondition, combine, filterRangesOnly, listConditions, listReadsActivity, pageBranches, rangesOnly, searchCondition, sortOrder, sortsEverything } from './list.ts';
import { presentConversationById, presentConversations } from './present.ts';
import {
  contactExists,
  conversationPageIds,
  conversationRowsByIds,
  countConversations,
  FEW_CONVERSATIONS,
  matchingCondition,
  searchMatching,
  selectConversationRows,
  type ConversationRow,
  type SearchMatching,
} from './queries.ts';
import { conversationScope, scopeCondition, type ConversationScope } from './scope.ts';

export type { ConversationRow };

const c = schema.conversations;
const pageOf = (page: number) => ({ limit: CONVERSATIONS_PER_PAGE, offset: (page - 1) * CONVERSATIONS_PER_PAGE });

import { loadConversation } from './access.ts';

export { loadConversation };

export { presentConversationById, presentConversationsByIds } from './present.ts';

/** The list filters that change the counts (not the page, the sort or the assignee tab). */
function countFilters(query: ListConversationsQuery) {
  const { page: _page, sort_by: _sort, assignee_type: _tab, ...filters } = query;
  return filters;
}

/**
 * Counts of a condition, through the per-account cache; the key is everything the condition is built from.
 * `activity`: the condition reads what messages change (a participating-only scope always does).
 */
function cachedCounts(ctx: AccountCtx, scope: ConversationScope, what: unknown[], activity: boolean, where: SQL | undefined) {
  const key = JSON.stringify([scope, what]);
  const readsActivity = activity || Boolean(scope.restriction?.participating);
  return countsCache(ctx.bus).get(ctx.accountId, key, readsActivity, () => countConversations(ctx.db, where, ctx.actor.id));
}

function counts(raw: { all: number; mine: number; unassigned: number }) {
  return { mine_count: raw.mine, assigned_count: raw.all - raw.unassigned, unassigned_count: raw.unassigned, all_count: raw.all };
}

/** GET conversations: a page of the tab plus the counts of every tab over the same filters. */
export async function listConversations(ctx: AccountCtx, query: ListConversationsQuery) {
  const scope = await conversationScope(ctx);
  const base = combine(scopeCondition(scope), ...listConditions(query, ctx.actor.id));
  const { limit, offset } = pageOf(query.page);
  // By ids first (selectConversationRows): a label's plan depends on the label; and past the first page, the one
  // statement computed the payload's lookups for every row it skipped too; and a sort no index orders (sortsEverything).
  // Every status and a priority sort: merged from one ordered read each (pageBranches), when the indexes read every
  // condition as a range (rangesOnly).
  const labelled = Boolean(query.labels?.length || query['labels[]']?.length);
  const merge = rangesOnly(query, scope) ? pageBranches(query.status, query.sort_by) : undefined;
  const options = { idsFirst: labelled || offset > 0 || sortsEverything(query.sort_by), merge };
  const [rows, raw] = await Promise.all([
    selectConversationRows(ctx.db, combine(base, assigneeCondition(query.assignee_type, ctx.actor.id)), sortOrder(query.sort_by), limit, offset, options),
    cachedCounts(ctx, scope, ['list', countFilters(query)], listReadsActivity(query), base),
  ]);
  return { data: { meta: counts(raw), payload: await presentConversations(ctx, rows) } };
}

/** GET conversations/meta: the tab counts alone. */
export async function conversationMeta(ctx: AccountCtx, query: ListConversationsQuery) {
  const scope = await conversationScope(ctx);
  const raw = await cachedCounts(ctx, scope, ['list', countFilters(query)], listReadsActivity(query), combine(scopeCondition(scope), ...listConditions(query, ctx.actor.id)));
  return { meta: counts(raw) };
}

/** POST conversations/filter: the filter grammar compiled to SQL (lib/filters), inside the caller's scope. */
export async function filterConversations(ctx: AccountCtx, query: FilterQuery, page: number) {
  const scope = await conversationScope(ctx);
  const definitions = await filterableDefinitions(ctx.db, ctx.accountId, 'conversation_attribute');
  const where = combine(scopeCondition(scope), compileConversationFilter(query.payload, definitions));
  const { limit, offset } = pageOf(page);
  // the page's ids first: a filter's plan depends on its values, and a status and priority filter finds them in the
  // list's index alone (migration 0020); one inbox, team or assignee over every status: merged (as the list's)
  const merge = filterRangesOnly(query.payload, scope) ? pageBranches('all', 'latest') : undefined;
  const [rows, raw] = await Promise.all([
    selectConversationRows(ctx.db, where, sortOrder('latest'), limit, offset, { idsFirst: true, merge }),
    cachedCounts(ctx, scope, ['filter', query.payload], true, where),
  ]);
  const { mine_count, unassigned_count, all_count } = counts(raw);
  return { meta: { mine_count, unassigned_count, all_count }, payload: await presentConversations(ctx, rows) };
}

/**
 * GET conversations/search: conversations whose display id is q, whose contact's name, email, phone
 * or identifier contains q, or with a message containing q (trigram indexes), latest activity first.
 * How common q is decides the page's read (searchMatching): a few matches are collected and the page read from
 * them; for a common q the conversations are walked to in order, one read per status merged, each tested (a word in
 * every message: 1.9-3.3 s a page, every match collected and sorted, docs/benchmarks.md "Twenty-first session").
 * The counts need every match: from the collected ids, or from one statement over the matches (cached).
 */
export async function searchConversations(ctx: AccountCtx, q: string, page: number, few = FEW_CONVERSATIONS) {
  const scope = await conversationScope(ctx);
  const matching = await searchMatching(ctx.db, ctx.accountId, q, few);
  if ('ids' in matching && matching.ids.length === 0) return { meta: { mine_count: 0, unassigned_count: 0, all_count: 0 }, payload: [] };
  const inScope = scopeCondition(scope);
  const [rows, raw] = await Promise.all([
    searchPageIds(ctx.db, inScope, matching, pageOf(page)).then((ids) => conversationRowsByIds(ctx.db, ids)),
    cachedCounts(ctx, scope, ['search', q], true, combine(inScope, 'ids' in matching ? matchingCondition(matching) : searchCondition(ctx.accountId, q))),
  ]);
  const { mine_count, unassigned_count, all_count } = counts(raw);
  return { meta: { mine_count, unassigned_count, all_count }, payload: await presentConversations(ctx, rows) };
}

export async function getConversation(ctx: AccountCtx, displayId: number) {
  const row = await loadConversation(ctx, displayId);
  return presentConversationById(ctx, row.id);
}

/** GET contacts/:id/conversations: the contact's conversations the caller may see. */
export async function contactConversations(ctx: AccountCtx, contactId: number) {
  const scope = await conversationScope(ctx);
  const contact = await contactExists(ctx.db, ctx.accountId, contactId);
  if (!contact) throw notFound();
  const rows = await selectConversationRows(ctx.db, combine(scopeCondition(scope), eq(c.contactId, contactId)), sortOrder('latest'), 100, 0);
  return { payload: await presentConversations(ctx, rows) };
}

/** POST conversations, for callers acting outside a dashboard request too (the public client API). */
export { createConversation } from './create.ts';

/** For other modules that read conversations within the caller's scope (global search, bulk actions). */
export { conversationScope, scopeCondition, type ConversationScope } from './scope.ts';
export { searchCondition } from './list.ts';
export { searchMatching, type SearchMatching } from './queries.ts';

/** The order of a conversation list by default: latest activity first. */
export const latestFirst = sortOrder('latest');

/**
 * The ids of a page of conversations matching `where` over every status, latest activity first: one ordered read per
 * status, merged, as the list reads every status (for a search walking to a common word's conversations).
 */
function latestConversationIds(db: Executor, where: SQL | undefined, page: { limit: number; offset: number }) {
  return conversationPageIds(db, where, latestFirst, page.limit, page.offset, pageBranches('all', 'latest'));
}

/**
 * The ids of a page of the conversations a search matches (searchMatching) within `inScope`, latest activity first:
 * sorted from the collected ids, or for a common q walked to, the conversations tested one by one in order.
 */
export function searchPageIds(db: Executor, inScope: SQL | undefined, matching: SearchMatching, page: { limit: number; offset: number }): Promise<number[]> {
  if ('ids' in matching) return matching.ids.length ? conversationPageIds(db, combine(inScope, matchingCondition(matching)), latestFirst, page.limit, page.offset) : Promise.resolve([]);
  return latestConversationIds(db, combine(inScope, matching.test), page);
}
export { changedAttributes, conversationEntries, type ChangedAttributes } from './events.ts';
