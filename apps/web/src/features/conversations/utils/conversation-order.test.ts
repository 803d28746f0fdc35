import { describe, expect, it } from 'vitest';
import { CONVERSATION_SORTS } from '@app/shared/conversations';
import { makeConversation, NOW } from '../testing/fixtures.ts';
import { compareFor, matchesScope, priorityRank } from './conversation-order.ts';
import { DEFAULT_SORT } from './list-filters.ts';

const ids = (rows: ReturnType<typeof makeConversation>[], sort: Parameters<typeof compareFor>[0]) => [...rows].sort(compareFor(sort)).map((c) => c.id);

describe('conversation order and list membership', () => {
  it('S1-4.20 priority sorts none first, then low, medium, high, urgent', () => {
    expect([null, 'urgent', 'low', 'high', 'medium'].map((p) => priorityRank(p as never))).toEqual([0, 4, 1, 3, 2]);
    const rows = [makeConversation(1, { priority: 'high' }), makeConversation(2), makeConversation(3, { priority: 'urgent' }), makeConversation(4, { priority: 'low' })];
    expect(ids(rows, 'priority_asc')).toEqual([2, 4, 1, 3]);
    expect(ids(rows, 'priority_desc')).toEqual([3, 1, 4, 2]);
  });

  it('S1-4.24 last activity, created at, priority and waiting since sort both ways', () => {
    const rows = [
      makeConversation(1, { last_activity_at: NOW - 30, created_at: NOW - 300, waiting_since: NOW - 100 }),
      makeConversation(2, { last_activity_at: NOW - 10, created_at: NOW - 100, waiting_since: 0 }),
      makeConversation(3, { last_activity_at: NOW - 20, created_at: NOW - 200, waiting_since: NOW - 500 }),
    ];
    expect(ids(rows, 'last_activity_at_desc')).toEqual([2, 3, 1]);
    expect(ids(rows, 'last_activity_at_asc')).toEqual([1, 3, 2]);
    expect(ids(rows, 'created_at_desc')).toEqual([2, 3, 1]);
    expect(ids(rows, 'created_at_asc')).toEqual([1, 3, 2]);
    // not waiting (0) always last, as the API's NULLS LAST
    expect(ids(rows, 'waiting_since_asc')).toEqual([3, 1, 2]);
    expect(ids(rows, 'waiting_since_desc')).toEqual([1, 3, 2]);
    for (const sort of CONVERSATION_SORTS) expect(() => ids(rows, sort)).not.toThrow();
  });

  it('S1-4.25 the default sort is latest: last activity, newest first', () => {
    expect(DEFAULT_SORT).toBe('latest');
    const rows = [makeConversation(1, { last_activity_at: NOW - 50 }), makeConversation(2, { last_activity_at: NOW })];
    expect(ids(rows, DEFAULT_SORT)).toEqual([2, 1]);
  });

  it('S1-4.21 a list filters by status, inbox, team and label', () => {
    const conversation = makeConversation(1, { inbox_id: 2, labels: ['billing'], meta: { ...makeConversation(1).meta, team: { id: 5, name: 'Tier 2' } } });
    expect(matchesScope(conversation, { scope: { kind: 'home' }, status: 'open' }, false)).toBe(true);
    expect(matchesScope(conversation, { scope: { kind: 'home' }, status: 'resolved' }, false)).toBe(false);
    expect(matchesScope(conversation, { scope: { kind: 'home' }, status: 'all' }, false)).toBe(true);
    expect(matchesScope(conversation, { scope: { kind: 'inbox', inboxId: 2 }, status: 'open' }, false)).toBe(true);
    expect(matchesScope(conversation, { scope: { kind: 'inbox', inboxId: 1 }, status: 'open' }, false)).toBe(false);
    expect(matchesScope(conversation, { scope: { kind: 'team', teamId: 5 }, status: 'open' }, false)).toBe(true);
    expect(matchesScope(conversation, { scope: { kind: 'team', teamId: 6 }, status: 'open' }, false)).toBe(false);
    expect(matchesScope(conversation, { scope: { kind: 'label', label: 'billing' }, status: 'open' }, false)).toBe(true);
    expect(matchesScope(conversation, { scope: { kind: 'label', label: 'vip' }, status: 'open' }, false)).toBe(false);
  });

  it('S1-4.22 S1-4.23 unattended: no first reply yet, or waiting; a replied conversation that is not waiting is out', () => {
    const unattended = { scope: { kind: 'unattended' as const }, status: 'open' as const };
    expect(matchesScope(makeConversation(1, { first_reply_created_at: 0, waiting_since: 0 }), unattended, false)).toBe(true);
    expect(matchesScope(makeConversation(2, { first_reply_created_at: NOW - 9, waiting_since: NOW - 5 }), unattended, false)).toBe(true);
    expect(matchesScope(makeConversation(3, { first_reply_created_at: NOW - 9, waiting_since: 0 }), unattended, false)).toBe(false);
  });
});
