import { describe, expect, it } from 'vitest';
import { conversationPath, listPath, listSearchParams, scopeFromRoute, type ListFilters } from './list-filters.ts';

const filters = (scope: ListFilters['scope']): ListFilters => ({ scope, status: 'open', assigneeType: 'me', sortBy: 'latest' });

describe('list filters', () => {
  it('S1-7.67 GET conversations carries inbox_id, team_id, status, assignee_type, page, labels, conversation_type and sort_by', () => {
    expect(Object.fromEntries(listSearchParams(filters({ kind: 'home' }), 1))).toEqual({ status: 'open', assignee_type: 'me', sort_by: 'latest', page: '1' });
    expect(listSearchParams(filters({ kind: 'inbox', inboxId: 3 }), 2).get('inbox_id')).toBe('3');
    expect(listSearchParams(filters({ kind: 'team', teamId: 4 }), 1).get('team_id')).toBe('4');
    expect(listSearchParams(filters({ kind: 'label', label: 'billing' }), 1).getAll('labels[]')).toEqual(['billing']);
    expect(listSearchParams(filters({ kind: 'mentions' }), 1).get('conversation_type')).toBe('mention');
    expect(listSearchParams(filters({ kind: 'unattended' }), 1).get('conversation_type')).toBe('unattended');
    expect(listSearchParams(filters({ kind: 'participating' }), 1).get('conversation_type')).toBe('participating');
    // the counts call has no tab, no sort and no page
    expect(Object.fromEntries(listSearchParams({ scope: { kind: 'home' }, status: 'all' }))).toEqual({ status: 'all' });
  });

  it('S1-1.10 each list and its conversations live under the paths of 001 section 2', () => {
    expect(listPath({ kind: 'home' })).toBe('dashboard');
    expect(conversationPath({ kind: 'home' }, 12)).toBe('conversations/12');
    expect(conversationPath({ kind: 'inbox', inboxId: 3 }, 12)).toBe('inbox/3/conversations/12');
    expect(conversationPath({ kind: 'label', label: 'vip' }, 12)).toBe('label/vip/conversations/12');
    expect(conversationPath({ kind: 'team', teamId: 2 }, 12)).toBe('team/2/conversations/12');
    expect(conversationPath({ kind: 'folder', folderId: 5 }, 12)).toBe('custom_view/5/conversations/12');
    expect(conversationPath({ kind: 'mentions' }, 12)).toBe('mentions/conversations/12');
    expect(conversationPath({ kind: 'unattended' }, 12)).toBe('unattended/conversations/12');
    expect(conversationPath({ kind: 'participating' }, 12)).toBe('participating/conversations/12');
  });

  it('a route with a malformed id has no scope', () => {
    expect(scopeFromRoute('inbox', { inboxId: 'abc' })).toBeNull();
    expect(scopeFromRoute('team', { teamId: '7' })).toEqual({ kind: 'team', teamId: 7 });
  });
});
