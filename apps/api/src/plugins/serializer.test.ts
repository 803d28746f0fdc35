import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConversationListSchema, type Conversation } from '@app/shared/conversations';
import { buildApp, type App } from '../app.ts';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { seedRichConversations, type RichConversations } from '../../test/rich-conversations.ts';
import { hot } from '../lib/fast-serializer.ts';
import { responseSerializerCompiler, type ResponseSerializerMode } from './serializer.ts';

let t: TestContext;
let seeded: RichConversations;
const apps = {} as Record<'zod' | 'compiled', App>;

beforeAll(async () => {
  t = await buildTestApp();
  seeded = await seedRichConversations(t, 25);
  // The same database behind one app per serializer: the same request meets the same rows in both.
  for (const mode of ['zod', 'compiled'] as const) {
    apps[mode] = await buildApp({ config: { ...t.config, responseSerializer: mode }, database: t.database, mailer: t.mailer, logger: false });
    await apps[mode].ready();
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(apps).map((app) => app.close()));
  await t.close();
});

type Request = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: object };

/** The body each serializer wrote for the request; both must answer 200. */
async function bodies(request: Request) {
  const [viaZod, compiled, checked] = await Promise.all([apps.zod.inject(request), apps.compiled.inject(request), t.app.inject(request)]);
  for (const res of [viaZod, compiled, checked]) expect(res.statusCode, `${request.method} ${request.url}: ${res.body.slice(0, 300)}`).toBe(200);
  // the compiled mode hands fastify bytes: the same type and the same length as the text zod's mode writes
  for (const header of ['content-type', 'content-length']) expect(compiled.headers[header], header).toBe(viaZod.headers[header]);
  expect(Number(compiled.headers['content-length'])).toBe(compiled.rawPayload.length);
  return { zod: viaZod.body, compiled: compiled.body, checked: checked.body };
}

describe('compiled response serialization', () => {
  it('writes every hot route byte for byte as the zod serializer does, over conversations that take every optional branch', async () => {
    const base = `/api/v1/accounts/${seeded.accountId}`;
    const admin = seeded.admin.headers;
    const agent = seeded.agent.headers;
    const list = await bodies({ method: 'GET', url: `${base}/conversations?status=all`, headers: admin });
    expect(list.compiled).toBe(list.zod);
    expect(list.checked).toBe(list.zod);

    // The page really covers the branches the seed meant to cover, or the comparison above proves little.
    const conversations = ConversationListSchema.parse(JSON.parse(list.zod)).data.payload;
    expect(conversations).toHaveLength(25);
    const some = (test: (c: Conversation) => boolean) => expect(conversations.some(test)).toBe(true);
    some((c) => c.meta.assignee === null);
    some((c) => Boolean(c.meta.assignee?.thumbnail));
    some((c) => c.meta.team !== null);
    some((c) => c.meta.team === null);
    some((c) => c.labels.length > 1);
    some((c) => c.priority === null);
    some((c) => c.snoozed_until !== null);
    some((c) => Object.keys(c.custom_attributes).length > 0);
    some((c) => Object.keys(c.additional_attributes).length > 0);
    some((c) => c.meta.sender.thumbnail !== '');
    some((c) => c.meta.sender.email === null);
    some((c) => Object.keys(c.meta.sender.custom_attributes).length > 0);
    some((c) => c.messages.length === 0 && c.last_non_activity_message === null);
    some((c) => c.messages[0]?.message_type === 2 && c.last_non_activity_message?.message_type === 0);
    some((c) => (c.messages[0]?.attachments ?? []).length === 3);
    some((c) => c.messages[0]?.content === null);
    some((c) => c.messages[0]?.sender?.type === 'agent_bot');
    some((c) => c.messages[0]?.private === true);

    const requests: Request[] = [
      { method: 'GET', url: `${base}/conversations?status=all&assignee_type=me`, headers: agent },
      { method: 'GET', url: `${base}/conversations?status=snoozed`, headers: admin },
      { method: 'GET', url: `${base}/conversations/meta?status=all`, headers: admin },
      { method: 'GET', url: `${base}/conversations/search?q=Question`, headers: admin },
      {
        method: 'POST',
        url: `${base}/conversations/filter`,
        headers: admin,
        payload: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null }] },
      },
      ...seeded.displayIds.map((id) => ({ method: 'GET' as const, url: `${base}/conversations/${id}/messages`, headers: admin })),
      { method: 'GET', url: '/api/v1/profile', headers: admin },
      { method: 'GET', url: '/api/v1/profile', headers: agent },
      { method: 'GET', url: '/auth/validate_token', headers: agent },
    ];
    for (const request of requests) {
      const written = await bodies(request);
      expect(written.compiled, `${request.method} ${request.url}`).toBe(written.zod);
      expect(written.checked, `${request.method} ${request.url}`).toBe(written.zod);
    }
  });

  it('in checked mode answers 500 when the compiled text differs from zod’s, and when the value breaks the schema', async () => {
    const schema = hot(z.object({ id: z.number().int(), name: z.string() }));
    const route = (mode: ResponseSerializerMode) =>
      responseSerializerCompiler(mode)({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;
    const valid = { id: 1, name: 'a', extra: true };
    expect(route('checked')(valid)).toBe('{"id":1,"name":"a"}');
    // 1.5 is no integer: zod refuses it, the compiled function alone truncates it without a word.
    expect(() => route('checked')({ id: 1.5, name: 'a' })).toThrow();
    expect(String(route('compiled')({ id: 1.5, name: 'a' }))).toBe('{"id":1,"name":"a"}');
    // A getter answering differently on each read: zod sees one value, the compiled function the next.
    let reads = 0;
    const shifty = { id: 1, get name() { return reads++ === 0 ? 'first' : 'second'; } };
    expect(() => route('checked')(shifty)).toThrow(/compiled serializer wrote/);
  });

  it('refuses to start with a hot schema it cannot compile faithfully', async () => {
    const schema = hot(z.object({ at: z.date() }));
    expect(() => responseSerializerCompiler('compiled')({ schema, method: 'GET', url: '/y', httpStatus: '200' })).toThrow(/GET \/y cannot be compiled: Date cannot be represented/);
    // Schemas nobody marked hot stay with zod, whatever they hold.
    const plain = z.object({ at: z.date() });
    expect(responseSerializerCompiler('compiled')({ schema: plain, method: 'GET', url: '/z', httpStatus: '200' })({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});
