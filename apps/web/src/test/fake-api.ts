import { vi } from 'vitest';

/** `raw`: a body sent as is (a CSV, a stream) instead of `body` as JSON; give its content-type in `headers`. */
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; raw?: BodyInit };
/** `form`: a multipart body as sent (uploads). */
export type Call = { method: string; path: string; headers: Record<string, string>; body: unknown; form?: FormData };
type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);

/**
 * Replaces fetch with a small fake server: `'POST /auth/sign_in': reply`. Unknown routes answer 404 with
 * the API's envelope. Every call is recorded with its parsed body and headers.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: String(input),
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      ...(init.body instanceof FormData ? { form: init.body } : {}),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const reply = typeof handler === 'function' ? await handler(call) : (handler ?? { status: 404, body: { error: 'Resource could not be found' } });
    if (reply.raw !== undefined) return new Response(reply.raw, { status: reply.status ?? 200, headers: reply.headers });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls made to one route, e.g. `called('DELETE /auth/sign_out')`. */
    called: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}
