import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createInbox, createMember, type Member } from '../../test/factories.ts';
import { isRecordId, type RouteEntry } from './id-params.ts';

// Ids past Postgres' integer range, negative, not a number, and a number only after coercion.
const BAD_IDS = ['99999999999', '-1', 'abc', '1e3'];
// Path params that are not record ids: integration app names, a public inbox's and a contact's identifiers.
const STRING_PARAMS = new Set(['appId', 'inbox_identifier', 'source_id', 'uuid']);

let t: TestContext;
let admin: Member;
let accountId: number;
let inboxId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const created = await createAccountWithAdmin(t);
  accountId = created.account.id;
  // A super admin member reaches every account and platform route, so a probe is never stopped by a 403 first.
  admin = await createMember(t, accountId, 'administrator', { type: 'SuperAdmin' });
  inboxId = (await createInbox(t, accountId)).id;
});
afterAll(() => t?.close());

function probe(route: RouteEntry, bad: string, value: string) {
  const url = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    if (name === bad) return encodeURIComponent(value);
    if (name === 'accountId') return String(accountId);
    return route.numericParams.includes(name) ? '1' : 'x';
  });
  const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
  return t.app.inject({ method: route.method as 'GET', url, headers: { api_access_token: admin.token }, ...(hasBody ? { payload: {} } : {}) });
}

describe('isRecordId', () => {
  it('accepts 1 to 2^31-1 written as digits, nothing else', () => {
    expect(['1', '42', '2147483647', '007'].map(isRecordId)).toEqual([true, true, true, true]);
    expect(['0', '2147483648', '99999999999', '-1', 'abc', '1e3', '1.5', ' 1', '0x10', '', undefined].map(isRecordId)).toEqual(Array(11).fill(false));
  });
});

describe('ids that cannot name a record', () => {
  it('answers 404 for an inbox id above the 32-bit range, a negative or a non-numeric one', async () => {
    for (const id of BAD_IDS) {
      const res = await t.app.inject({ url: `/api/v1/accounts/${accountId}/inboxes/${id}`, headers: { api_access_token: admin.token } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Resource could not be found' });
    }
    const ok = await t.app.inject({ url: `/api/v1/accounts/${accountId}/inboxes/${inboxId}`, headers: { api_access_token: admin.token } });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 404 for an account id above the range, before anything reads the database', async () => {
    for (const id of BAD_IDS) {
      const res = await t.app.inject({ url: `/api/v1/accounts/${id}/inboxes`, headers: { api_access_token: admin.token } });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('still answers 401 without credentials, whatever the id', async () => {
    const res = await t.app.inject({ url: `/api/v1/accounts/${accountId}/inboxes/99999999999` });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404, not 422, on writes with a bad id (the id is checked before the body)', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/accounts/${accountId}/labels/99999999999`, headers: { api_access_token: admin.token }, payload: { title: '' } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404, not 500, for an id past the range in a query string or a body (the database range error)', async () => {
    const headers = { api_access_token: admin.token };
    const base = `/api/v1/accounts/${accountId}`;
    const responses = [
      await t.app.inject({ url: `${base}/conversations?inbox_id=99999999999`, headers }),
      await t.app.inject({ url: `${base}/conversations?team_id=99999999999`, headers }),
      await t.app.inject({ method: 'POST', url: `${base}/contacts`, headers, payload: { name: 'Range', inbox_id: 99999999999 } }),
      await t.app.inject({ method: 'POST', url: `${base}/inbox_members`, headers, payload: { inbox_id: 99999999999, user_ids: [admin.user.id] } }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
  });

  it('every registered route with params: 404 for a bad id param, never a 500 for any param', async () => {
    // Pages of the web app (the public survey) answer its index.html whatever the param, or 503 before a build.
    const routes = t.app.routeTable.filter((r) => r.params.length > 0 && r.method !== 'HEAD' && !r.url.includes('*') && r.url !== '/cable' && !r.url.startsWith('/survey/'));
    // The walk is not vacuous: the routes the review found answering 500 are in it, with their ids checked.
    const urls = new Set(routes.filter((r) => r.numericParams.includes('id')).map((r) => r.url));
    for (const resource of ['inboxes', 'contacts', 'teams', 'labels', 'agents', 'custom_attribute_definitions', 'canned_responses']) {
      expect(urls, resource).toContain(`/api/v1/accounts/:accountId/${resource}/:id`);
    }
    expect(routes.some((r) => r.url === '/api/v1/accounts/:accountId/conversations/:conversationId' && r.numericParams.includes('conversationId'))).toBe(true);

    // Every path param is classified: a record id (declared with z.coerce.number(), so the check guards it) or
    // one of these string identifiers. A new route whose id param has no numeric schema fails here.
    const unclassified = routes.flatMap((r) => r.params.filter((p) => !r.numericParams.includes(p) && !STRING_PARAMS.has(p)).map((p) => `${r.method} ${r.url} :${p}`));
    expect(unclassified).toEqual([]);

    const failures: string[] = [];
    for (const route of routes) {
      for (const param of route.params) {
        for (const value of BAD_IDS) {
          const res = await probe(route, param, value);
          const numeric = route.numericParams.includes(param);
          if (res.statusCode >= 500 || (numeric && res.statusCode !== 404)) {
            failures.push(`${route.method} ${route.url} ${param}=${value}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
