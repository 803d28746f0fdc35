import { addDays, differenceInCalendarDays, endOfDay, startOfDay, subDays } from 'date-fns';
import { HEATMAP_DAYS, REPORTS_TIMEZONE_OFFSET, type ReportGroupBy, type ReportType } from '@app/shared/reports';
import type { DateRange } from '../../../components/date-range.ts';

/** The group-by switch's choices (the heatmap alone uses hours). */
export const SWITCH_GROUP_BY = ['day', 'week', 'month', 'year'] as const satisfies readonly ReportGroupBy[];
export type SwitchGroupBy = (typeof SWITCH_GROUP_BY)[number];

/** Unix seconds of a calendar day's midnight (plus `days` days) in the zone the server buckets reports in (S1-9.10). */
const reportsMidnight = (day: Date, days = 0) => Date.UTC(day.getFullYear(), day.getMonth(), day.getDate() + days) / 1000 - REPORTS_TIMEZONE_OFFSET * 3600;

/**
 * A range in unix seconds, [since, until): from the first day's midnight to the midnight after the last day, both
 * in the reports' zone (UTC + REPORTS_TIMEZONE_OFFSET), whatever the browser's. The server buckets days from those
 * midnights: the browser's own midnights made "last 7 days" eight buckets, the last one nearly empty.
 */
export const unixRange = (range: { from: Date; to: Date }) => ({ since: reportsMidnight(range.from), until: reportsMidnight(range.to, 1) });

/**
 * The same days from the browser's own midnights: for hourly buckets, which are the same hours in every zone a whole
 * number of hours from UTC, and which the heatmap draws in the browser's days and hours.
 */
const browserRange = (range: { from: Date; to: Date }) => ({ since: Math.floor(startOfDay(range.from).getTime() / 1000), until: Math.floor(startOfDay(addDays(range.to, 1)).getTime() / 1000) });

/** Whole days a range covers (last 7 days: 7). */
export const rangeDays = (range: { from: Date; to: Date }) => differenceInCalendarDays(range.to, range.from) + 1;

/**
 * The groupings that make a readable chart for a range: days up to about six months (≤ 183 points), weeks once the
 * range is longer than a week, months once it is longer than a month, years from a year on.
 */
export function groupByOptions(range: { from: Date; to: Date }): SwitchGroupBy[] {
  const days = rangeDays(range);
  return SWITCH_GROUP_BY.filter((unit) => ({ day: days <= 183, week: days > 7, month: days > 31, year: days >= 365 })[unit]);
}

/** The grouping kept when the range changes: the one asked for when the range allows it, else the finest allowed. */
export const fitGroupBy = (range: { from: Date; to: Date }, wanted: SwitchGroupBy): SwitchGroupBy => {
  const options = groupByOptions(range);
  return options.includes(wanted) ? wanted : options[0]!;
};

export type ReportParamsInput = {
  range: { from: Date; to: Date };
  groupBy?: ReportGroupBy;
  businessHours?: boolean;
  type?: ReportType;
  id?: number | null;
  metric?: string;
};

/**
 * The query every report call sends (reference 3.17): since and until in unix seconds, the report type and id,
 * group_by, business_hours and the fixed timezone offset (S1-9.10).
 */
export function reportParams({ range, groupBy = 'day', businessHours = false, type, id, metric }: ReportParamsInput): URLSearchParams {
  const { since, until } = groupBy === 'hour' ? browserRange(range) : unixRange(range);
  const params = new URLSearchParams();
  if (metric) params.set('metric', metric);
  if (type) params.set('type', type);
  if (id) params.set('id', String(id));
  params.set('since', String(since));
  params.set('until', String(until));
  params.set('group_by', groupBy);
  params.set('business_hours', String(businessHours));
  params.set('timezone_offset', String(REPORTS_TIMEZONE_OFFSET));
  return params;
}

/** The heatmap's range: today and the HEATMAP_DAYS - 1 days before it, whole days (S1-9.16). */
export const heatmapRange = (today: Date) => ({ from: startOfDay(subDays(today, HEATMAP_DAYS - 1)), to: endOfDay(today) });

/** The live overview's range (the server reads "now"; the range keeps the query shape of every report call). */
export const todayRange = (today: Date) => ({ from: startOfDay(today), to: endOfDay(today) });

export type ReportRange = DateRange;
