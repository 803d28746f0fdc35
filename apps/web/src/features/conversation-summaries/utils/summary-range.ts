import { addDays, endOfDay, format, isValid, parse, startOfDay } from 'date-fns';
import { DATE_RANGE_PRESETS, defaultDateRange, DEFAULT_DATE_RANGE_PRESET, presetRange, type DateRange, type DateRangePreset } from '../../../components/date-range.ts';

/*
 * The period of the summaries lives in the URL, so a link shows the same counts to a colleague:
 * `?range=last30days` for a preset (relative: it moves with the days), `?since=2026-11-01&until=2026-11-10`
 * for a custom range of whole days, nothing for the default (the last 7 days).
 */

const DAY = 'yyyy-MM-dd';
const readDay = (text: string | null) => {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = parse(text, DAY, new Date(2000, 0, 1));
  return isValid(day) ? day : null;
};
const isPreset = (value: string | null): value is Exclude<DateRangePreset, 'custom'> =>
  value !== null && value !== 'custom' && (DATE_RANGE_PRESETS as readonly string[]).includes(value);

/** The range a URL asks for; the default one when it asks for nothing readable. */
export function rangeFromParams(params: URLSearchParams, today: Date): DateRange {
  const preset = params.get('range');
  if (isPreset(preset)) return { ...presetRange(preset, today), preset };
  const since = readDay(params.get('since'));
  const until = readDay(params.get('until'));
  if (since && until && since <= until) return { from: startOfDay(since), to: endOfDay(until), preset: 'custom' };
  return defaultDateRange(today);
}

/** The search params of a range: none for the default, the preset's name, or the custom days. Other params stay. */
export function paramsWithRange(params: URLSearchParams, range: DateRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['range', 'since', 'until']) next.delete(key);
  if (range.preset === 'custom') {
    next.set('since', format(range.from, DAY));
    next.set('until', format(range.to, DAY));
  } else if (range.preset !== DEFAULT_DATE_RANGE_PRESET) {
    next.set('range', range.preset);
  }
  return next;
}

export type SummaryQuery = { inboxId: number | null; since: string; until: string };

/**
 * What GET conversation_summaries is asked: conversations created in [since, until), so `until` is the start of
 * the day after the range's last day; both are instants of the user's own midnight, in ISO form.
 */
export function summaryQuery(range: DateRange, inboxId: number | null): SummaryQuery {
  return { inboxId, since: startOfDay(range.from).toISOString(), until: addDays(startOfDay(range.to), 1).toISOString() };
}

export function summarySearch(query: SummaryQuery): string {
  const search = new URLSearchParams();
  if (query.inboxId !== null) search.set('inbox_id', String(query.inboxId));
  search.set('since', query.since);
  search.set('until', query.until);
  return search.toString();
}
