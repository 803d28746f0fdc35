import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/labels${rest}`;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const labelKey = async (accountId: number, headers: Headers): Promise<number> =>
  (await call('GET', `/api/v1/accounts/${accountId}/cache_keys`, headers)).json().cache_keys.label;

describe('labels CRUD', () => {
  it('S1-7.104 S0-3.33 S1-3.30 creates, lists, shows, updates and deletes a label', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await call('POST', url(account.id), admin.headers, { label: { title: 'Billing', description: 'Money matters' } });
    expect(created.statusCode).toBe(200);
    const label = created.json();
    expect(label).toEqual({ id: expect.any(Number), title: 'billing', description: 'Money matters', color: '#1f93ff', show_on_sidebar: true });

    const flat = (await call('POST', url(account.id), admin.headers, { title: 'änderung_2', color: '#ABC', show_on_sidebar: false })).json();
    expect(flat).toMatchObject({ title: 'änderung_2', color: '#ABC', show_on_sidebar: false, description: null });

    const list = (await call('GET', url(account.id), admin.headers)).json();
    expect(list.payload).toHaveLength(2);
    expect(list).toEqual({ payload: expect.arrayContaining([label, flat]) });
    expect((await call('GET', url(account.id, `/${label.id}`), admin.headers)).json()).toEqual(label);

    const updated = await call('PATCH', url(account.id, `/${label.id}`), admin.headers, { label: { title: 'Invoices', color: '#00ff00' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...label, title: 'invoices', color: '#00ff00' });

    expect((await call('DELETE', url(account.id, `/${label.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `/${label.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${label.id}`), admin.headers)).statusCode).toBe(404);
  });

  it('S0-3.22 every create, update and delete moves the label cache key and publishes cache_invalidated', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((event) => {
      if (event.name === 'account.cache_invalidated' && event.accountId === account.id) events.push(event);
    });
    try {
      let previous = await labelKey(account.id, admin.headers);
      const expectBumped = async () => {
        const key = await labelKey(account.id, admin.headers);
        expect(key).toBeGreaterThan(previous);
        expect(events.at(-1)).toEqual({ name: 'account.cache_invalidated', accountId: account.id, data: { cache_keys: expect.objectContaining({ label: key }) } });
        previous = key;
      };
      const label = (await call('POST', url(account.id), admin.headers, { title: 'vip' })).json();
      await expectBumped();
      await call('PATCH', url(account.id, `/${label.id}`), admin.headers, { description: 'Important' });
      await expectBumped();
      await call('DELETE', url(account.id, `/${label.id}`), admin.headers);
      await expectBumped();
      expect(events).toHaveLength(3);

      // a rejected write publishes nothing
      await call('POST', url(account.id), admin.headers, { title: 'has space' });
      expect(events).toHaveLength(3);
    } finally {
      unsubscribe();
    }
  });
});

describe('labels under concurrent writes', () => {
  it('labels, teams and canned responses created at the same moment all succeed (no deadlock on the account row)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const post = (path: string, payload: object) => call('POST', `/api/v1/accounts/${account.id}/${path}`, admin.headers, payload);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => post('labels', { title: `concurrent-${i}` })),
      ...Array.from({ length: 4 }, (_, i) => post('teams', { name: `Concurrent ${i}` })),
      post('canned_responses', { short_code: 'concurrent', content: 'hello' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 9 }, () => 200));
    const labels = (await call('GET', url(account.id), admin.headers)).json().payload;
    expect(labels).toHaveLength(4);
  });
});

describe('labels validation', () => {
  it('answers 422 on title for blank titles and characters other than letters, digits, - and _, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.labels);
    for (const title of ['', '   ', 'two words', 'emoji🙂', 'dot.ted', 'x'.repeat(256)]) {
      const res = await call('POST', url(account.id), admin.headers, { title });
      expect(res.statusCode, title).toBe(422);
      expect(res.json().attributes).toContain('title');
    }
    expect((await call('POST', url(account.id), admin.headers, {})).json().attributes).toContain('title');
    expect(await countRows(t, schema.labels)).toBe(before);
  });

  it('answers 422 on title for a title taken in any case, on create and update; other accounts may reuse it', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await call('POST', url(account.id), admin.headers, { title: 'support' });
    const second = (await call('POST', url(account.id), admin.headers, { title: 'sales' })).json();
    const before = await countRows(t, schema.labels);
    const res = await call('POST', url(account.id), admin.headers, { title: 'SUPPORT' });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['title']);
    expect(await countRows(t, schema.labels)).toBe(before);

    const rename = await call('PATCH', url(account.id, `/${second.id}`), admin.headers, { title: 'Support' });
    expect(rename.statusCode).toBe(422);
    expect((await call('GET', url(account.id, `/${second.id}`), admin.headers)).json().title).toBe('sales');
    // keeping its own title is not a clash
    expect((await call('PATCH', url(account.id, `/${second.id}`), admin.headers, { title: 'SALES' })).statusCode).toBe(200);
    expect((await call('POST', url(other.id), otherAdmin.headers, { title: 'support' })).statusCode).toBe(200);
  });

  it('answers 422 on color unless it is #rgb or #rrggbb', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const label = (await call('POST', url(account.id), admin.headers, { title: 'colours' })).json();
    const before = await countRows(t, schema.labels);
    for (const color of ['red', '1f93ff', '#1f93ff80', '#12', '#ggg', '']) {
      const res = await call('POST', url(account.id), admin.headers, { title: 'bad_colour', color });
      expect(res.statusCode, color).toBe(422);
      expect(res.json().attributes).toContain('color');
      expect((await call('PATCH', url(account.id, `/${label.id}`), admin.headers, { color })).statusCode, color).toBe(422);
    }
    expect(await countRows(t, schema.labels)).toBe(before);
    expect((await call('GET', url(account.id, `/${label.id}`), admin.headers)).json().color).toBe('#1f93ff');
  });
});

describe('labels access', () => {
  it('S1-6.10 lets every member read but only administrators write; 401 without auth', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const label = (await call('POST', url(account.id), admin.headers, { title: 'mine' })).json();
    const before = await countRows(t, schema.labels);
    for (const role of ['agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      expect((await call('GET', url(account.id), member.headers)).statusCode, role).toBe(200);
      expect((await call('GET', url(account.id, `/${label.id}`), member.headers)).statusCode, role).toBe(200);
      expect((await call('POST', url(account.id), member.headers, { title: 'theirs' })).statusCode, role).toBe(403);
      expect((await call('PATCH', url(account.id, `/${label.id}`), member.headers, { title: 'theirs' })).statusCode, role).toBe(403);
      expect((await call('DELETE', url(account.id, `/${label.id}`), member.headers)).statusCode, role).toBe(403);
    }
    expect(await countRows(t, schema.labels)).toBe(before);
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
    expect((await call('POST', url(account.id), undefined, { title: 'anon' })).statusCode).toBe(401);
    expect((await call('PATCH', url(account.id, `/${label.id}`), undefined, { title: 'anon' })).statusCode).toBe(401);
    expect((await call('DELETE', url(account.id, `/${label.id}`), undefined)).statusCode).toBe(401);
  });

  it('answers 404 for another account and for its labels', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = (await call('POST', url(other.id), otherAdmin.headers, { title: 'theirs' })).json();
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(other.id), admin.headers, { title: 'sneaky' })).statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, url(account.id, `/${theirs.id}`), admin.headers, method === 'PATCH' ? { title: 'stolen' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', url(account.id, '/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(other.id, `/${theirs.id}`), otherAdmin.headers)).json().title).toBe('theirs');
  });

  it('S0-6.33 answers 403 when the labels feature is off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { labels: false } });
    for (const [method, payload] of [['GET', undefined], ['POST', { title: 'x' }]] as const) {
      const res = await call(method, url(account.id), admin.headers, payload);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error_code).toBe('feature_disabled');
    }
  });
});

describe('racing writers', () => {
  it('a duplicate that slips past the service check still answers 422 on the field, never 500', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    // Simultaneous creates of one title: whichever loses, it loses with the same answer as a plain duplicate.
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/labels`, headers: admin.headers, payload: { title: 'race' } })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    for (const r of results.filter((r) => r.statusCode === 422)) expect(r.json().attributes).toEqual(['title']);
  });
});
