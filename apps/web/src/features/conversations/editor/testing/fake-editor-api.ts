import { vi } from 'vitest';
import type { Agent } from '@app/shared/agents';
import type { CannedResponse } from '@app/shared/canned-responses';
import { makeAgent } from '../../testing/fixtures.ts';

export const agent = (id: number, name: string): Agent => makeAgent(id, name);

export const canned = (id: number, shortCode: string, content: string): CannedResponse => ({
  id,
  account_id: 7,
  short_code: shortCode,
  content,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
});

/**
 * The two lookups of the editor, served from lists: assignable agents of inbox 3 in account 7, and
 * canned responses filtered by `search` the way the API does (short code or content). Every request is kept.
 */
export function fakeEditorApi({ agents = [] as Agent[], cannedResponses = [] as CannedResponse[] } = {}) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      requests.push(path);
      const url = new URL(path, 'http://desk.test');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/accounts/7/assignable_agents' && url.searchParams.getAll('inbox_ids[]').join() === '3') return json({ payload: agents });
      if (url.pathname === '/api/v1/accounts/7/canned_responses') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        return json(cannedResponses.filter((r) => r.short_code.toLowerCase().includes(search) || r.content.toLowerCase().includes(search)));
      }
      return json({ error: 'Resource could not be found' }, 404);
    }),
  );
  return { requests, called: (pathname: string) => requests.filter((path) => path.startsWith(pathname)) };
}
