import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../plugins/id-params.ts';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createInbox, createMember, type Member } from '../../test/factories.ts';

/**
 * Bad input on every account route answers 4xx, never 5xx (issue 16, security suite). The cases are generated
 * from the app's route table (recorded by an onRoute hook as routes register), so a route added later is
 * probed the day it lands. Each probe reaches the route with a super admin's token, so it is never stopped by a
 * 401 or 403 before the input is looked at.
 */

const ID_64_BIT = '9223372036854775807';
const ID_PAST_INT = '99999999999';
const NON_NUMERIC = 'abc';
const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

let t: TestContext;
let admin: Member;
let accountId: number;
let routes: RouteEntry[];
/** Every route that takes a body, account routes or not (sign-in, public API, channel webhooks, platform). */
let writes: RouteEntry[];

beforeAll(async () => {
  t = await buildTestApp();
  const created = await createAccountWithAdmin(t);
  accountId = created.account.id;
  admin = await createMember(t, accountId, 'administrator', { type: 'SuperAdmin' });
  await createInbox(t, accountId);
  routes = t.app.routeTable.filter((r) => r.params.includes('accountId') && r.method !== 'HEAD' && !r.url.includes('*'));
  writes = t.app.routeTable.filter((r) => WRITE_METHODS.has(r.method) && !r.url.includes('*'));
});
afterAll(() => t?.close());

/** The route's path with `bad` set to `value`, the account's own id, and `1` (or `x`) in the other params. */
function pathOf(route: RouteEntry, bad?: string, value?: string) {
  return route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    if (name === bad) return encodeURIComponent(value!);
    if (name === 'accountId') return String(accountId);
    return route.numericParams.includes(name) ? '1' : 'x';
  });
}

type Probe = { label: string; route: RouteEntry; payload?: string | Buffer; contentType?: string; url?: string; expect?: number[] };

async function send(probe: Probe) {
  const { route } = probe;
  const headers: Record<string, string> = { api_access_token: admin.token };
  if (probe.payload !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  return t.app.inject({ method: route.method as 'GET', url: probe.url ?? pathOf(route), headers, ...(probe.payload !== undefined ? { payload: probe.payload } : {}) });
}

/** Runs every probe; answers the ones whose status is not a 4xx (or not the one expected), with the body. */
async function failing(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  for (const probe of probes) {
    const res = await send(probe);
    const ok = probe.expect ? probe.expect.includes(res.statusCode) : res.statusCode >= 400 && res.statusCode < 500;
    if (!ok) failures.push(`${probe.label} ${probe.route.method} ${probe.route.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
  }
  return failures;
}

/** `{"a":{"a":...}}` nested `depth` levels. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('bad input on every account route answers 4xx, never 5xx', () => {
  it('walks a route table that holds the routes the review found answering 500', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const resource of ['inboxes', 'contacts', 'teams', 'labels', 'agents', 'custom_attribute_definitions', 'canned_responses']) {
      expect(urls, resource).toContain(`/api/v1/accounts/:accountId/${resource}/:id`);
    }
    expect(urls).toContain('/api/v1/accounts/:accountId/conversations/:conversationId');
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((r) => WRITE_METHODS.has(r.method)).length).toBeGreaterThan(80);
    expect(writes.some((r) => r.url.startsWith('/public/api/v1/inboxes/:inbox_identifier'))).toBe(true);
    expect(writes.some((r) => r.url === '/auth/sign_in')).toBe(true);
  });

  it('a 64-bit id, an id past the 32-bit range and a non-numeric id in every path param: 404 for record ids, 4xx for the others', async () => {
    const probes: Probe[] = [];
    for (const route of routes) {
      for (const param of route.params) {
        for (const value of [ID_64_BIT, ID_PAST_INT, NON_NUMERIC]) {
          const numeric = route.numericParams.includes(param);
          probes.push({
            label: `${param}=${value}`,
            route,
            url: pathOf(route, param, value),
            ...(WRITE_METHODS.has(route.method) && route.method !== 'DELETE' ? { payload: '{}' } : {}),
            ...(numeric ? { expect: [404] } : {}),
          });
        }
      }
    }
    expect(probes.length).toBeGreaterThan(300);
    expect(await failing(probes)).toEqual([]);
  }, 60_000);

  it('a 10 MB JSON body answers 413 on every route that takes a body', async () => {
    const body = Buffer.alloc(10 * 1024 * 1024, 0x20);
    body.write('{"name":"', 0);
    body.write('"}', body.length - 2);
    const probes = writes.map((route): Probe => ({ label: '10 MB', route, payload: body, expect: [413] }));
    expect(await failing(probes)).toEqual([]);
  }, 30_000);

  it('200-deep nested JSON answers 400 on every route that takes a body, as the value of any field', async () => {
    const deep = nested(200);
    const payload = `{"name":${deep},"content":${deep},"custom_attributes":${deep},"additional_attributes":${deep}}`;
    const probes = writes.map((route): Probe => ({ label: '200 deep', route, payload, expect: [400] }));
    expect(await failing(probes)).toEqual([]);
  }, 30_000);

  it('a NUL character in a JSON string answers 422 on every route that takes a body', async () => {
    const payload = JSON.stringify({ name: 'a\u0000b', title: 'a\u0000b', content: 'a\u0000b', email: 'a\u0000b@example.com', custom_attributes: { k: 'a\u0000b' } });
    const probes = writes.map((route): Probe => ({ label: 'NUL', route, payload, expect: [422] }));
    expect(await failing(probes)).toEqual([]);
  }, 30_000);

  it('invalid UTF-8 in a JSON string answers 400 on every route that takes a body', async () => {
    const payload = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('b","content":"x"}')]);
    const probes = writes.map((route): Probe => ({ label: 'invalid UTF-8', route, payload, expect: [400] }));
    expect(await failing(probes)).toEqual([]);
  }, 30_000);

  it('a NUL character, invalid UTF-8 or ids past the range in the query string never answer 5xx on a read route', async () => {
    const queries = [
      'q=a%00b&name=a%00b&page=1',
      'q=a%C3%28%FFb&page=1',
      `page=${ID_64_BIT}&inbox_id=${ID_64_BIT}&team_id=${ID_PAST_INT}&assignee_id=abc&label=%00&since=${ID_64_BIT}&until=abc`,
      'page=-1&per_page=abc&sort=%27%3B--&status=nope',
    ];
    const probes = routes.filter((r) => r.method === 'GET').flatMap((route) => queries.map((query): Probe => ({ label: query, route, url: `${pathOf(route)}?${query}` })));
    // Routes that ignore the query answer 200: only a 5xx is a failure here.
    const failures: string[] = [];
    for (const probe of probes) {
      const res = await send(probe);
      if (res.statusCode >= 500) failures.push(`${probe.label} ${probe.route.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 30_000);

  it('wrong types in common fields never answer 5xx on a route that takes a body', async () => {
    const bodies = [
      { name: 123, title: [], content: {}, email: 42, inbox_id: 'abc', user_ids: 'x', labels: 5, custom_attributes: 'x', status: 7 },
      { name: null, title: true, inbox_id: ID_64_BIT, contact_id: -1, assignee_id: 1.5, team_id: { id: 1 }, user_ids: [ID_64_BIT, 'a'], page: 'x' },
      [1, 2, 3],
      'just a string',
    ];
    const failures: string[] = [];
    for (const route of writes) {
      for (const body of bodies) {
        const res = await send({ label: 'types', route, payload: JSON.stringify(body) });
        if (res.statusCode >= 500) failures.push(`${JSON.stringify(body).slice(0, 40)} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 30_000);
});
