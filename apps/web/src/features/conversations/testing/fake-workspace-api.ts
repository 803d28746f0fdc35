import { vi } from 'vitest';

export type Call = { method: string; path: string; url: URL; body: unknown; form: FormData | null };
export type Answer = { status?: number; body?: unknown };
type Route = { method: string; pattern: RegExp; answer: Answer | ((call: Call, match: RegExpMatchArray) => Answer | Promise<Answer>) };

/**
 * A fetch stub for the workspace: routes are `METHOD /path-regexp` (matched against the path without the query);
 * the latest route added for a request wins, so a test can override a default. Unknown calls answer 404.
 */
export function fakeWorkspaceApi() {
  const routes: Route[] = [];
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const form = init.body instanceof FormData ? init.body : null;
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form,
    };
    calls.push(call);
    for (let i = routes.length - 1; i >= 0; i--) {
      const route = routes[i]!;
      const match = route.method === call.method ? call.path.match(route.pattern) : null;
      if (!match) continue;
      const answer = typeof route.answer === 'function' ? await route.answer(call, match) : route.answer;
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ error: 'Resource could not be found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    on(route: string, answer: Route['answer']) {
      const [method, path] = route.split(' ') as [string, string];
      routes.push({ method, pattern: new RegExp(`^${path}$`), answer });
      return this;
    },
    /** Calls to one method and path pattern. */
    called(method: string, path: string | RegExp) {
      const pattern = typeof path === 'string' ? new RegExp(`^${path}$`) : path;
      return calls.filter((c) => c.method === method && pattern.test(c.path));
    },
  };
}
