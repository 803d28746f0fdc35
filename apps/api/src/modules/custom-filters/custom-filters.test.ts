import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/custom_filters${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

const openAndMine = {
  payload: [
    { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'and' },
    { attribute_key: 'assignee_id', filter_operator: 'equal_to', values: [1], query_operator: null },
  ],
};

describe('custom filters', () => {
  it('S0-3.35 S1-3.31 S1-7.101 S1-7.102 S1-7.103 saves, lists by filter_type, updates and deletes the caller’s own filters', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const folder = await call('POST', url(account.id), admin.headers, { custom_filter: { name: 'Open and mine', filter_type: 0, query: openAndMine } });
    expect(folder.statusCode).toBe(200);
    expect(folder.json()).toMatchObject({ name: 'Open and mine', filter_type: 'conversation', query: openAndMine });
    const segment = await call('POST', url(account.id), admin.headers, {
      name: 'Blocked', filter_type: 'contact', query: { payload: [{ attribute_key: 'blocked', filter_operator: 'equal_to', values: [true] }] },
    });
    expect(segment.statusCode).toBe(200);

    expect((await call('GET', url(account.id), admin.headers)).json().map((f: { name: string }) => f.name)).toEqual(['Open and mine']);
    expect((await call('GET', url(account.id, '?filter_type=contact'), admin.headers)).json().map((f: { name: string }) => f.name)).toEqual(['Blocked']);
    expect((await call('GET', url(account.id, '?filter_type=1'), admin.headers)).json()).toHaveLength(1);

    const renamed = await call('PATCH', url(account.id, `/${folder.json().id}?filter_type=conversation`), admin.headers, { name: 'Mine' });
    expect(renamed.json()).toMatchObject({ name: 'Mine', query: openAndMine });
    expect((await call('DELETE', url(account.id, `/${folder.json().id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual([]);
  });

  it('keeps filters private to the member who saved them: another user, even an admin, gets 404', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');
    const mine = (await call('POST', url(account.id), agent.headers, { name: 'Agent folder', query: openAndMine })).json();
    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual([]);
    expect((await call('PATCH', url(account.id, `/${mine.id}`), admin.headers, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${mine.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(account.id), checker.headers, { name: 'Checker folder', query: openAndMine })).statusCode).toBe(200);
  });

  it('answers 401 without auth and 404 for another account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = (await call('POST', url(other.id), otherAdmin.headers, { name: 'Theirs', query: openAndMine })).json();
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, `/${theirs.id}`), admin.headers, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('filter grammar', () => {
  const cases: [string, object, string][] = [
    ['an unknown operator', { payload: [{ attribute_key: 'status', filter_operator: 'resembles', values: ['open'] }] }, 'query.payload.0.filter_operator'],
    ['an attribute the filter type does not have', { payload: [{ attribute_key: 'city', filter_operator: 'equal_to', values: ['Paris'] }] }, 'query.payload.0.attribute_key'],
    ['rows not joined by a query operator', { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'] }, { attribute_key: 'priority', filter_operator: 'equal_to', values: ['high'] }] }, 'query.payload.0.query_operator'],
    ['empty values for a comparing operator', { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: [] }] }, 'query.payload.0.values'],
    ['no rows', { payload: [] }, 'query.payload'],
    ['too many rows', { payload: Array.from({ length: 51 }, () => ({ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'or' })) }, 'query.payload'],
  ];
  it.each(cases)('refuses %s with 422 at its path, saving nothing', async (_name, query, path) => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.customFilters);
    const res = await call('POST', url(account.id), admin.headers, { name: 'Bad', filter_type: 'conversation', query });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toContain(path);
    expect(await countRows(t, schema.customFilters)).toBe(before);
  });

  it('accepts is_present without values and custom attribute keys with their type', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', `/api/v1/accounts/${account.id}/custom_attribute_definitions`, admin.headers, {
      attribute_display_name: 'Plan tier',
      attribute_key: 'plan_tier',
      attribute_model: 'contact_attribute',
      attribute_display_type: 'text',
    });
    const query = { payload: [
      { attribute_key: 'email', filter_operator: 'is_present', values: [], query_operator: 'and' },
      { attribute_key: 'plan_tier', filter_operator: 'equal_to', values: ['gold'], custom_attribute_type: 'contact_attribute' },
    ] };
    expect((await call('POST', url(account.id), admin.headers, { name: 'Gold', filter_type: 'contact', query })).statusCode).toBe(200);
  });

  it('S1-7.101 runs the saved query through the conversations filter engine: operators per type, typed values, known custom keys', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.customFilters);
    const cases: [object, string][] = [
      [{ payload: [{ attribute_key: 'status', filter_operator: 'contains', values: ['op'] }] }, 'query.payload.0.filter_operator'],
      [{ payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['closed'] }] }, 'query.payload.0.values'],
      [{ payload: [{ attribute_key: 'created_at', filter_operator: 'is_greater_than', values: ['yesterday'] }] }, 'query.payload.0.values'],
      [{ payload: [{ attribute_key: 'order_total', filter_operator: 'equal_to', values: ['5'], custom_attribute_type: 'conversation_attribute' }] }, 'query.payload.0.attribute_key'],
    ];
    for (const [query, path] of cases) {
      const res = await call('POST', url(account.id), admin.headers, { name: 'Bad', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().attributes).toContain(path);
    }
    expect(await countRows(t, schema.customFilters)).toBe(before);
  });

  it('checks a PATCH that changes the type against the stored query', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const folder = (await call('POST', url(account.id), admin.headers, { name: 'Folder', query: openAndMine })).json();
    const res = await call('PATCH', url(account.id, `/${folder.id}`), admin.headers, { filter_type: 'contact' });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toContain('query.payload.0.attribute_key');
    expect((await call('GET', url(account.id), admin.headers)).json()[0].filter_type).toBe('conversation');
  });
});
