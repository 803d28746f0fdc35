import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/custom_attribute_definitions${rest}`;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const definition = (values: object = {}) => ({ attribute_display_name: 'Plan', attribute_key: 'plan', attribute_model: 'contact_attribute', ...values });

describe('custom attribute definitions CRUD', () => {
  it('S1-7.39 S0-3.17 S1-3.44 creates, lists, shows, updates and deletes a definition', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await call('POST', url(account.id), admin.headers, {
      custom_attribute_definition: definition({
        attribute_display_type: 'list',
        attribute_values: ['free', 'pro'],
        attribute_description: 'Subscription plan',
        regex_pattern: '^[a-z]+$',
        regex_cue: 'lowercase only',
        default_value: 'free',
      }),
    });
    expect(created.statusCode).toBe(200);
    const def = created.json();
    expect(def).toEqual({
      id: expect.any(Number),
      attribute_display_name: 'Plan',
      attribute_display_type: 'list',
      attribute_description: 'Subscription plan',
      attribute_key: 'plan',
      attribute_values: ['free', 'pro'],
      attribute_model: 'contact_attribute',
      regex_pattern: '^[a-z]+$',
      regex_cue: 'lowercase only',
      default_value: 'free',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual([def]);
    expect((await call('GET', url(account.id, `/${def.id}`), admin.headers)).json()).toEqual(def);

    const updated = await call('PATCH', url(account.id, `/${def.id}`), admin.headers, {
      custom_attribute_definition: { attribute_display_name: 'Tier', attribute_values: ['free', 'pro', 'enterprise'], attribute_key: 'plan', regex_pattern: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ attribute_display_name: 'Tier', attribute_key: 'plan', attribute_values: ['free', 'pro', 'enterprise'], regex_pattern: null, default_value: 'free' });

    expect((await call('DELETE', url(account.id, `/${def.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `/${def.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${def.id}`), admin.headers)).statusCode).toBe(404);
  });

  it('S0-3.18 accepts Chatwoot integer enums, answers strings and filters the list by attribute_model', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const convo = (await call('POST', url(account.id), admin.headers, { attribute_display_name: 'Order', attribute_key: 'order_id', attribute_model: 0, attribute_display_type: 1 })).json();
    expect(convo).toMatchObject({ attribute_model: 'conversation_attribute', attribute_display_type: 'number', attribute_values: [], regex_pattern: null });
    const contact = (await call('POST', url(account.id), admin.headers, definition({ attribute_model: '1', attribute_display_type: '7' }))).json();
    expect(contact).toMatchObject({ attribute_model: 'contact_attribute', attribute_display_type: 'checkbox' });
    const text = (await call('POST', url(account.id), admin.headers, definition({ attribute_key: 'nickname' }))).json();
    expect(text.attribute_display_type).toBe('text');

    const ids = async (query: string) => ((await call('GET', url(account.id, query), admin.headers)).json() as { id: number }[]).map((d) => d.id);
    expect(await ids('')).toEqual([convo.id, contact.id, text.id]);
    expect(await ids('?attribute_model=0')).toEqual([convo.id]);
    expect(await ids('?attribute_model=conversation_attribute')).toEqual([convo.id]);
    expect(await ids('?attribute_model=1')).toEqual([contact.id, text.id]);
    expect(await ids('?attribute_model=contact_attribute')).toEqual([contact.id, text.id]);
    expect((await call('GET', url(account.id, '?attribute_model=7'), admin.headers)).statusCode).toBe(422);
  });
});

describe('custom attribute definitions validation', () => {
  const rejects = async (payload: object, field: string) => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.customAttributeDefinitions);
    const res = await call('POST', url(account.id), admin.headers, payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    expect(res.json().attributes, JSON.stringify(payload)).toContain(field);
    expect(await countRows(t, schema.customAttributeDefinitions)).toBe(before);
  };

  it('answers 422 for missing required fields and unknown enum values, writing nothing', async () => {
    await rejects({ attribute_key: 'plan', attribute_model: 'contact_attribute' }, 'attribute_display_name');
    await rejects({ attribute_display_name: 'Plan', attribute_model: 'contact_attribute' }, 'attribute_key');
    await rejects({ attribute_display_name: 'Plan', attribute_key: 'plan' }, 'attribute_model');
    await rejects(definition({ attribute_model: 'account_attribute' }), 'attribute_model');
    await rejects(definition({ attribute_model: 2 }), 'attribute_model');
    await rejects(definition({ attribute_display_type: 'colour' }), 'attribute_display_type');
    await rejects(definition({ attribute_display_type: 8 }), 'attribute_display_type');
  });

  it('answers 422 on attribute_key unless it is lowercase letters, digits and underscores starting with a letter', async () => {
    for (const attribute_key of ['Plan', '1plan', '_plan', 'my plan', 'my-plan', 'plän', 'x'.repeat(65), '']) {
      await rejects(definition({ attribute_key }), 'attribute_key');
    }
  });

  it('answers 422 on attribute_values when a list has no values, on create and update', async () => {
    await rejects(definition({ attribute_display_type: 'list' }), 'attribute_values');
    await rejects(definition({ attribute_display_type: 6, attribute_values: [] }), 'attribute_values');
    const { account, admin } = await createAccountWithAdmin(t);
    const def = (await call('POST', url(account.id), admin.headers, definition())).json();
    const res = await call('PATCH', url(account.id, `/${def.id}`), admin.headers, { attribute_display_type: 'list' });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['attribute_values']);
    expect((await call('GET', url(account.id, `/${def.id}`), admin.headers)).json().attribute_display_type).toBe('text');
    const ok = await call('PATCH', url(account.id, `/${def.id}`), admin.headers, { attribute_display_type: 'list', attribute_values: ['a'] });
    expect(ok.json()).toMatchObject({ attribute_display_type: 'list', attribute_values: ['a'] });
    expect((await call('PATCH', url(account.id, `/${def.id}`), admin.headers, { attribute_values: [] })).statusCode).toBe(422);
  });

  it('answers 422 on regex_pattern when it does not compile', async () => {
    await rejects(definition({ regex_pattern: '([a-z' }), 'regex_pattern');
    await rejects(definition({ regex_pattern: '*oops' }), 'regex_pattern');
    const { account, admin } = await createAccountWithAdmin(t);
    const def = (await call('POST', url(account.id), admin.headers, definition({ regex_pattern: '' }))).json();
    expect(def.regex_pattern).toBeNull();
    const res = await call('PATCH', url(account.id, `/${def.id}`), admin.headers, { regex_pattern: '[' });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['regex_pattern']);
  });

  it('answers 422 on attribute_key for a key taken on the same model; the other model may reuse it', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', url(account.id), admin.headers, definition());
    const before = await countRows(t, schema.customAttributeDefinitions);
    const res = await call('POST', url(account.id), admin.headers, definition({ attribute_display_name: 'Other plan' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['attribute_key']);
    expect(await countRows(t, schema.customAttributeDefinitions)).toBe(before);

    const convo = await call('POST', url(account.id), admin.headers, definition({ attribute_model: 'conversation_attribute' }));
    expect(convo.statusCode).toBe(200);
    // moving it onto the model that already has the key clashes too
    const move = await call('PATCH', url(account.id, `/${convo.json().id}`), admin.headers, { attribute_model: 'contact_attribute' });
    expect(move.statusCode).toBe(422);
    expect(move.json().attributes).toEqual(['attribute_key']);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    expect((await call('POST', url(other.id), otherAdmin.headers, definition())).statusCode).toBe(200);
  });

  it('answers 422 on attribute_key when PATCH tries to change the key', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const def = (await call('POST', url(account.id), admin.headers, definition())).json();
    const res = await call('PATCH', url(account.id, `/${def.id}`), admin.headers, { attribute_key: 'tier', attribute_display_name: 'Tier' });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['attribute_key']);
    expect((await call('GET', url(account.id, `/${def.id}`), admin.headers)).json()).toMatchObject({ attribute_key: 'plan', attribute_display_name: 'Plan' });
  });
});

describe('custom attribute definitions access', () => {
  it('lets every member read but only administrators write; 401 without auth', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const def = (await call('POST', url(account.id), admin.headers, definition())).json();
    const before = await countRows(t, schema.customAttributeDefinitions);
    for (const role of ['agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      expect((await call('GET', url(account.id), member.headers)).statusCode, role).toBe(200);
      expect((await call('GET', url(account.id, `/${def.id}`), member.headers)).statusCode, role).toBe(200);
      expect((await call('POST', url(account.id), member.headers, definition({ attribute_key: 'mine' }))).statusCode, role).toBe(403);
      expect((await call('PATCH', url(account.id, `/${def.id}`), member.headers, { attribute_display_name: 'x' })).statusCode, role).toBe(403);
      expect((await call('DELETE', url(account.id, `/${def.id}`), member.headers)).statusCode, role).toBe(403);
    }
    expect(await countRows(t, schema.customAttributeDefinitions)).toBe(before);
    for (const [method, path, payload] of [
      ['GET', url(account.id), undefined],
      ['GET', url(account.id, `/${def.id}`), undefined],
      ['POST', url(account.id), definition({ attribute_key: 'anon' })],
      ['PATCH', url(account.id, `/${def.id}`), { attribute_display_name: 'x' }],
      ['DELETE', url(account.id, `/${def.id}`), undefined],
    ] as const) {
      expect((await call(method, path, undefined, payload)).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 for another account and for its definitions', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = (await call('POST', url(other.id), otherAdmin.headers, definition())).json();
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(other.id), admin.headers, definition({ attribute_key: 'sneaky' }))).statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, url(account.id, `/${theirs.id}`), admin.headers, method === 'PATCH' ? { attribute_display_name: 'Stolen' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', url(other.id, `/${theirs.id}`), otherAdmin.headers)).json().attribute_display_name).toBe('Plan');
  });

  it('S0-6.30 answers 403 when the custom_attributes feature is off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { custom_attributes: false } });
    for (const [method, payload] of [['GET', undefined], ['POST', definition()]] as const) {
      const res = await call(method, url(account.id), admin.headers, payload);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error_code).toBe('feature_disabled');
    }
  });
});
