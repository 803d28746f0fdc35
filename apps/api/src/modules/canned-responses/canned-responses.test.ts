import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/canned_responses${rest}`;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

describe('canned responses CRUD', () => {
  it('S1-7.46 S0-3.16 S1-3.46 creates, lists, shows, updates and deletes a canned response', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await call('POST', url(account.id), admin.headers, { canned_response: { short_code: 'hello', content: 'Hi {{contact.name}},\n' } });
    expect(created.statusCode).toBe(200);
    const canned = created.json();
    expect(canned).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      short_code: 'hello',
      content: 'Hi {{contact.name}},\n',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual([canned]);
    expect((await call('GET', url(account.id, `/${canned.id}`), admin.headers)).json()).toEqual(canned);

    const updated = await call('PATCH', url(account.id, `/${canned.id}`), admin.headers, { content: 'Hello there' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: canned.id, short_code: 'hello', content: 'Hello there' });
    const renamed = await call('PATCH', url(account.id, `/${canned.id}`), admin.headers, { canned_response: { short_code: 'hi' } });
    expect(renamed.json()).toMatchObject({ short_code: 'hi', content: 'Hello there' });

    expect((await call('DELETE', url(account.id, `/${canned.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `/${canned.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${canned.id}`), admin.headers)).statusCode).toBe(404);
  });

  it('S1-7.47 S0-7.35 search matches short code or content case-insensitively, short-code prefixes first', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const rows: [string, string][] = [
      ['zz_refund', 'Your REFUND is on its way'],
      ['refund_b', 'Second'],
      ['Refund_a', 'First'],
      ['partial_refund', 'Part of it'],
      ['thanks', 'Thank you'],
      ['discount', 'You get 50% off'],
      ['discount_x', 'You get 50 off'],
      ['under_score', 'snake'],
      ['underxscore', 'not a match for _'],
    ];
    for (const [short_code, content] of rows) await call('POST', url(account.id), admin.headers, { short_code, content });
    const search = async (term: string) =>
      ((await call('GET', url(account.id, `?search=${encodeURIComponent(term)}`), admin.headers)).json() as { short_code: string }[]).map((c) => c.short_code);

    expect(await search('REFUND')).toEqual(['Refund_a', 'refund_b', 'partial_refund', 'zz_refund']);
    expect(await search('thank you')).toEqual(['thanks']);
    expect(await search('50%')).toEqual(['discount']);
    expect(await search('r_s')).toEqual(['under_score']);
    expect(await search('nothing-like-it')).toEqual([]);
    expect(await search('')).toHaveLength(rows.length);
  });
});

describe('canned responses validation', () => {
  it('answers 422 for missing or blank short_code and content, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.cannedResponses);
    const cases: [object, string][] = [
      [{ content: 'No code' }, 'short_code'],
      [{ short_code: '', content: 'Blank code' }, 'short_code'],
      [{ short_code: 'no_content' }, 'content'],
      [{ short_code: 'blank_content', content: '  \n ' }, 'content'],
      [{ short_code: 'too_long', content: 'x'.repeat(10_001) }, 'content'],
      [{ short_code: 'x'.repeat(256), content: 'Long code' }, 'short_code'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json().attributes).toContain(field);
    }
    expect(await countRows(t, schema.cannedResponses)).toBe(before);
  });

  it('answers 422 on short_code when it contains whitespace', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const canned = (await call('POST', url(account.id), admin.headers, { short_code: 'ok', content: 'Fine' })).json();
    const before = await countRows(t, schema.cannedResponses);
    for (const short_code of ['two words', 'tab\there', 'new\nline']) {
      const res = await call('POST', url(account.id), admin.headers, { short_code, content: 'x' });
      expect(res.statusCode, short_code).toBe(422);
      expect(res.json().attributes).toEqual(['short_code']);
      expect((await call('PATCH', url(account.id, `/${canned.id}`), admin.headers, { short_code })).statusCode, short_code).toBe(422);
    }
    expect(await countRows(t, schema.cannedResponses)).toBe(before);
    expect((await call('GET', url(account.id, `/${canned.id}`), admin.headers)).json().short_code).toBe('ok');
  });

  it('answers 422 on short_code when another response of the account has it in any case; other accounts may reuse it', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await call('POST', url(account.id), admin.headers, { short_code: 'greet', content: 'Hello' });
    const second = (await call('POST', url(account.id), admin.headers, { short_code: 'bye', content: 'Bye' })).json();
    const before = await countRows(t, schema.cannedResponses);
    const res = await call('POST', url(account.id), admin.headers, { short_code: 'GREET', content: 'Hi' });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['short_code']);
    expect((await call('PATCH', url(account.id, `/${second.id}`), admin.headers, { short_code: 'Greet' })).statusCode).toBe(422);
    expect(await countRows(t, schema.cannedResponses)).toBe(before);
    expect((await call('PATCH', url(account.id, `/${second.id}`), admin.headers, { short_code: 'BYE' })).statusCode).toBe(200);
    expect((await call('POST', url(other.id), otherAdmin.headers, { short_code: 'greet', content: 'Hello' })).statusCode).toBe(200);
  });
});

describe('canned responses access', () => {
  it('S0-6.04 S0-2.24 lets agents read and write; checkers read but get 403 on writes; 401 without auth', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const canned = (await call('POST', url(account.id), admin.headers, { short_code: 'base', content: 'Base' })).json();
    const agent = await createMember(t, account.id, 'agent');
    const made = await call('POST', url(account.id), agent.headers, { short_code: 'agents', content: 'Made by an agent' });
    expect(made.statusCode).toBe(200);
    expect((await call('PATCH', url(account.id, `/${made.json().id}`), agent.headers, { content: 'Edited' })).statusCode).toBe(200);
    expect((await call('DELETE', url(account.id, `/${made.json().id}`), agent.headers)).statusCode).toBe(200);

    const checker = await createMember(t, account.id, 'checker');
    const before = await countRows(t, schema.cannedResponses);
    expect((await call('POST', url(account.id), checker.headers, { short_code: 'nope', content: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', url(account.id, `/${canned.id}`), checker.headers, { content: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', url(account.id, `/${canned.id}`), checker.headers)).statusCode).toBe(403);
    expect(await countRows(t, schema.cannedResponses)).toBe(before);

    for (const [method, path, payload] of [
      ['GET', url(account.id), undefined],
      ['GET', url(account.id, `/${canned.id}`), undefined],
      ['POST', url(account.id), { short_code: 'anon', content: 'x' }],
      ['PATCH', url(account.id, `/${canned.id}`), { content: 'x' }],
      ['DELETE', url(account.id, `/${canned.id}`), undefined],
    ] as const) {
      expect((await call(method, path, undefined, payload)).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 for another account and for its canned responses', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = (await call('POST', url(other.id), otherAdmin.headers, { short_code: 'theirs', content: 'Theirs' })).json();
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(other.id), admin.headers, { short_code: 'sneaky', content: 'x' })).statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, url(account.id, `/${theirs.id}`), admin.headers, method === 'PATCH' ? { content: 'Stolen' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', url(other.id, `/${theirs.id}`), otherAdmin.headers)).json().content).toBe('Theirs');
  });

  it('S0-6.28 answers 403 when the canned_responses feature is off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { canned_responses: false } });
    for (const [method, payload] of [['GET', undefined], ['POST', { short_code: 'x', content: 'y' }]] as const) {
      const res = await call(method, url(account.id), admin.headers, payload);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error_code).toBe('feature_disabled');
    }
  });
});
