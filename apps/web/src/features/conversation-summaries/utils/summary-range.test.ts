import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/locales/en.ts';
import { conversationSummariesEn } from '../../../lib/i18n/locales/en-conversation-summaries.ts';
import { paramsWithRange, rangeFromParams, summaryQuery, summarySearch } from './summary-range.ts';
import { agentRows } from './summary-rows.ts';

const TODAY = new Date(2026, 10, 25, 15, 0);
const read = (search: string) => rangeFromParams(new URLSearchParams(search), TODAY);

describe('summary period in the URL', () => {
  it('defaults to the last 7 days, whole days, today included, and writes nothing for it', () => {
    const range = read('');
    expect(range).toEqual({ from: new Date(2026, 10, 19), to: new Date(2026, 10, 25, 23, 59, 59, 999), preset: 'last7days' });
    expect(paramsWithRange(new URLSearchParams('x=1&since=2026-01-01'), range).toString()).toBe('x=1');
  });

  it('reads a preset or a custom range, and falls back to the default for anything unreadable', () => {
    expect(read('range=last30days')).toMatchObject({ from: new Date(2026, 9, 27), preset: 'last30days' });
    expect(read('since=2026-11-01&until=2026-11-03')).toEqual({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 3, 23, 59, 59, 999), preset: 'custom' });
    for (const bad of ['range=custom', 'range=forever', 'since=2026-11-05&until=2026-11-01', 'since=yesterday&until=2026-11-01', 'since=2026-11-01']) {
      expect(read(bad).preset).toBe('last7days');
    }
    const custom = read('since=2026-11-01&until=2026-11-03');
    expect(rangeFromParams(paramsWithRange(new URLSearchParams(), custom), TODAY)).toEqual(custom);
  });

  it('asks for [since, until): the first day at midnight to the midnight after the last day', () => {
    const query = summaryQuery(read('since=2026-11-01&until=2026-11-03'), 4);
    expect(query).toEqual({ inboxId: 4, since: new Date(2026, 10, 1).toISOString(), until: new Date(2026, 10, 4).toISOString() });
    expect(summarySearch({ ...query, inboxId: null })).not.toContain('inbox_id');
  });
});

describe('agent rows', () => {
  it('puts the busiest first, then by name, the unassigned last, and keeps an agent without a name', () => {
    const counts = (total: number) => ({ open: total, pending: 0, resolved: 0, snoozed: 0, total });
    const rows = agentRows({
      inbox_id: 1,
      inbox_name: 'Web',
      ...counts(9),
      agents: [
        { agent_id: null, name: null, ...counts(5) },
        { agent_id: 2, name: 'Bea', ...counts(1) },
        { agent_id: 3, name: null, ...counts(2) },
        { agent_id: 1, name: 'Ann', ...counts(1) },
      ],
    });
    expect(rows.map((row) => [row.agentId, row.total])).toEqual([
      [3, 2],
      [1, 1],
      [2, 1],
      [null, 5],
    ]);
  });
});

describe('summary strings', () => {
  it('are not in the entry dictionary: they load with the screen', () => {
    const eager = new Set(Object.keys(en));
    expect(Object.keys(conversationSummariesEn).filter((key) => eager.has(key))).toEqual([]);
  });
});
