import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createInbox, createMember } from '../../../test/factories.ts';
import { contactsApi } from './test-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { contactsUrl: url, call, customRoleMember } = contactsApi(() => t);

const ids = (res: { json: () => { payload: { id: number }[] } }) => res.json().payload.map((c) => c.id);

describe('GET contacts/search', () => {
  it('S1-7.56 finds contacts by a part of the name, email, phone number or identifier, any case', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const ada = await createContact(t, account.id, { name: 'Ada Lovelace', email: 'countess@engines.example' });
    const grace = await createContact(t, account.id, { name: 'Grace Hopper', email: 'grace@navy.example', phoneNumber: '+15550001234' });
    const alan = await createContact(t, account.id, { name: 'Alan Turing', identifier: 'crm-ENIGMA-7' });
    await createContact(t, account.id, { name: 'Nobody Special', email: 'nobody@example.com' });

    expect(ids(await call('GET', url(account.id, '/search?q=lovel'), admin.headers))).toEqual([ada.id]);
    expect(ids(await call('GET', url(account.id, '/search?q=COUNTESS@ENGINES'), admin.headers))).toEqual([ada.id]);
    expect(ids(await call('GET', url(account.id, '/search?q=0001234'), admin.headers))).toEqual([grace.id]);
    expect(ids(await call('GET', url(account.id, `/search?q=${encodeURIComponent('+1555')}`), admin.headers))).toEqual([grace.id]);
    expect(ids(await call('GET', url(account.id, '/search?q=enigma-7'), admin.headers))).toEqual([alan.id]);
    const res = await call('GET', url(account.id, '/search?q=zzz-none'), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { count: 0, current_page: 1 }, payload: [] });
  });

  it('S1-7.56 pages 15 at a time with the total count, sorts like the list, and treats % and _ literally', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const made = [];
    for (let i = 0; i < 17; i += 1) made.push(await createContact(t, account.id, { name: `Bulk ${String(i).padStart(2, '0')}`, email: `bulk${i}@example.com` }));
    await createContact(t, account.id, { name: '100% real', email: 'pct@example.com' });
    const first = await call('GET', url(account.id, '/search?q=bulk&sort=name'), admin.headers);
    expect(first.json().meta).toEqual({ count: 17, current_page: 1 });
    expect(ids(first)).toEqual(made.slice(0, 15).map((c) => c.id));
    const second = await call('GET', url(account.id, '/search?q=bulk&sort=name&page=2'), admin.headers);
    expect(ids(second)).toEqual(made.slice(15).map((c) => c.id));
    expect(ids(await call('GET', url(account.id, '/search?q=bulk&sort=-name&include_contact_inboxes=false'), admin.headers))[0]).toBe(made[16]!.id);
    expect(ids(await call('GET', url(account.id, `/search?q=${encodeURIComponent('0%')}`), admin.headers))).toHaveLength(1);
    expect(ids(await call('GET', url(account.id, '/search?q=_'), admin.headers))).toEqual([]);
  });

  it('never answers another account’s contacts, nor contacts without an email, phone or identifier', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    await createContact(t, other.id, { name: 'Shared Name', email: 'shared@other.example' });
    await createContact(t, account.id, { name: 'Shared Name' });
    expect((await call('GET', url(account.id, '/search?q=shared'), admin.headers)).json().meta.count).toBe(0);
    expect((await call('GET', url(other.id, '/search?q=shared'), admin.headers)).statusCode).toBe(404);
  });

  it('answers 422 for a blank or too long q, 401 without auth and 403 for a role without contact access', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const blank = await call('GET', url(account.id, '/search?q=%20'), admin.headers);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ q: ['must not be blank'] });
    expect((await call('GET', url(account.id, '/search'), admin.headers)).json().errors).toHaveProperty('q');
    expect((await call('GET', url(account.id, `/search?q=${'x'.repeat(201)}`), admin.headers)).statusCode).toBe(422);
    expect((await call('GET', url(account.id, '/search?q=a'), undefined)).statusCode).toBe(401);
    const reporter = await customRoleMember(account.id, admin, ['report_manage']);
    expect((await call('GET', url(account.id, '/search?q=a'), reporter.headers)).statusCode).toBe(403);
    const checker = await createMember(t, account.id, 'checker');
    expect((await call('GET', url(account.id, '/search?q=a'), checker.headers)).statusCode).toBe(403);
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('GET', url(account.id, '/search?q=a'), agent.headers)).statusCode).toBe(200);
  });

  it('lists the contact inboxes the caller may see', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    const hidden = await createInbox(t, account.id);
    const contact = await createContact(t, account.id, { name: 'Inbox Person', email: 'inboxes@example.com' });
    await t.db.insert(schema.contactInboxes).values([
      { contactId: contact.id, inboxId: mine.id, sourceId: 'a-1', pubsubToken: `tok-${Math.random()}` },
      { contactId: contact.id, inboxId: hidden.id, sourceId: 'b-1', pubsubToken: `tok-${Math.random()}` },
    ]);
    const asAgent = (await call('GET', url(account.id, '/search?q=inbox%20person'), agent.headers)).json().payload[0];
    expect(asAgent.contact_inboxes.map((ci: { source_id: string }) => ci.source_id)).toEqual(['a-1']);
    const asAdmin = (await call('GET', url(account.id, '/search?q=inbox%20person'), admin.headers)).json().payload[0];
    expect(asAdmin.contact_inboxes.map((ci: { source_id: string }) => ci.source_id)).toEqual(['a-1', 'b-1']);
  });
});

describe('rare matches (read, then sorted)', () => {
  it('S1-7.55 a label, search or filter with few matches sorts exactly like the list: either way, missing last, ties by id', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const common = { labels: ['rare'] };
    const b = await createContact(t, account.id, { ...common, name: 'bravo', email: 'z@rare.example', phoneNumber: '+300', additionalAttributes: { company_name: 'Zeta', city: 'Austin' }, createdAt: day(1), lastActivityAt: day(9) });
    const a = await createContact(t, account.id, { ...common, name: 'Alpha', email: 'y@rare.example', phoneNumber: '+100', additionalAttributes: { company_name: 'alpha co', city: 'Berlin' }, createdAt: day(2) });
    const c = await createContact(t, account.id, { ...common, name: 'Charlie', email: 'x@rare.example', additionalAttributes: { city: 'cairo' }, createdAt: day(3), lastActivityAt: day(8) });
    const twin = await createContact(t, account.id, { ...common, name: 'alpha', identifier: 'twin-rare', createdAt: day(4) });
    const viaLabel = async (sort: string) => ids(await call('GET', url(account.id, `?label=rare&sort=${sort}`), admin.headers));
    const viaSearch = async (sort: string) => ids(await call('GET', url(account.id, `/search?q=rare&sort=${sort}`), admin.headers));
    const viaFilter = async (sort: string) =>
      ids(await call('POST', url(account.id, `/filter?sort=${sort}`), admin.headers, { payload: [{ attribute_key: 'labels', filter_operator: 'equal_to', values: ['rare'], query_operator: null }] }));
    const expected: [string, number[]][] = [
      ['name', [a.id, twin.id, b.id, c.id]],
      ['-name', [c.id, b.id, a.id, twin.id]],
      ['-email', [b.id, a.id, c.id, twin.id]],
      ['phone_number', [a.id, b.id, c.id, twin.id]],
      ['-phone_number', [b.id, a.id, c.id, twin.id]],
      ['created_at', [b.id, a.id, c.id, twin.id]],
      ['-last_activity_at', [b.id, c.id, a.id, twin.id]],
      ['last_activity_at', [c.id, b.id, a.id, twin.id]],
      ['-company', [b.id, a.id, c.id, twin.id]],
      ['city', [b.id, a.id, c.id, twin.id]],
    ];
    for (const [sort, order] of expected) {
      expect(await viaLabel(sort), `label ${sort}`).toEqual(order);
      expect(await viaSearch(sort), `search ${sort}`).toEqual(order);
      expect(await viaFilter(sort), `filter ${sort}`).toEqual(order);
    }
  });
});

describe('POST contacts/filter', () => {
  const row = (attribute_key: string, filter_operator: string, values: unknown[], extra: object = {}) => ({ attribute_key, filter_operator, values, query_operator: 'and', ...extra });

  it('S1-7.57 filters by standard keys (city, labels, created_at) and contact custom attributes, with count and pages', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', `/api/v1/accounts/${account.id}/custom_attribute_definitions`, admin.headers, {
      attribute_display_name: 'Plan',
      attribute_key: 'plan',
      attribute_display_type: 'list',
      attribute_model: 'contact_attribute',
      attribute_values: ['free', 'pro'],
    });
    const pune = await createContact(t, account.id, { email: 'a@example.com', additionalAttributes: { city: 'Pune' }, labels: ['vip'], customAttributes: { plan: 'pro' } });
    const puneFree = await createContact(t, account.id, { email: 'b@example.com', additionalAttributes: { city: 'pune' }, customAttributes: { plan: 'free' } });
    await createContact(t, account.id, { email: 'c@example.com', additionalAttributes: { city: 'Berlin' }, labels: ['vip'], createdAt: new Date('2020-01-01T00:00:00Z') });

    const filter = (payload: object[], query = '') => call('POST', url(account.id, `/filter${query}`), admin.headers, { payload });
    const byCity = await filter([row('city', 'equal_to', ['PUNE'])], '?sort=email');
    expect(byCity.statusCode).toBe(200);
    expect(byCity.json().meta).toEqual({ count: 2, current_page: 1 });
    expect(ids(byCity)).toEqual([pune.id, puneFree.id]);
    expect(ids(await filter([row('city', 'equal_to', ['pune']), row('labels', 'equal_to', ['vip'])]))).toEqual([pune.id]);
    expect(ids(await filter([row('plan', 'equal_to', ['pro'], { custom_attribute_type: 'contact_attribute' })]))).toEqual([pune.id]);
    expect((await filter([row('created_at', 'is_greater_than', ['2021-01-01'])])).json().meta.count).toBe(2);
    expect((await filter([row('city', 'equal_to', ['pune'])], '?page=2')).json()).toEqual({ meta: { count: 2, current_page: 2 }, payload: [] });
  });

  it('S1-7.57 answers 422 per row path for an unknown key, a wrong operator, missing values or a missing joiner, reading nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const bad = async (payload: unknown) => {
      const res = await call('POST', url(account.id, '/filter'), admin.headers, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(Object.keys(await bad([row('status', 'equal_to', ['open'])]))).toEqual(['payload.0.attribute_key']);
    expect(Object.keys(await bad([row('name', 'equal_to', []), { attribute_key: 'city', filter_operator: 'is_greater_than', values: ['x'] }]))).toEqual(
      expect.arrayContaining(['payload.0.values', 'payload.1.filter_operator']),
    );
    expect(Object.keys(await bad([{ attribute_key: 'name', filter_operator: 'contains', values: ['a'] }, row('city', 'contains', ['b'])]))).toEqual(['payload.0.query_operator']);
    expect(Object.keys(await bad([row('blocked', 'equal_to', ['maybe'])]))).toEqual(['payload.0.values']);
    expect(Object.keys(await bad([row('nope', 'equal_to', ['x'], { custom_attribute_type: 'contact_attribute' })]))).toEqual(['payload.0.attribute_key']);
    expect(await bad([])).toHaveProperty('payload');
  });

  it('answers 401 without auth, 403 for a role without contact access, 404 for another account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    await createContact(t, other.id, { email: 'theirs@example.com', additionalAttributes: { city: 'Oslo' } });
    const body = { payload: [row('city', 'equal_to', ['oslo'])] };
    expect((await call('POST', url(account.id, '/filter'), undefined, body)).statusCode).toBe(401);
    const reporter = await customRoleMember(account.id, admin, ['report_manage']);
    expect((await call('POST', url(account.id, '/filter'), reporter.headers, body)).statusCode).toBe(403);
    expect((await call('POST', url(other.id, '/filter'), admin.headers, body)).statusCode).toBe(404);
    expect((await call('POST', url(account.id, '/filter'), admin.headers, body)).json().meta.count).toBe(0);
  });
});
