import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createConversation, createInbox } from '../../../test/factories.ts';
import { AppError } from '../app-error.ts';
import { compileContactFilter, compileConversationFilter, type CustomAttributeDef, type FilterRowInput } from './index.ts';

// Runs the compiled conditions against real rows (Postgres, or PGlite with TEST_DB=pglite): each test names exactly
// the rows that must come back.

const conversationDefs: CustomAttributeDef[] = [
  { attributeKey: 'plan', attributeDisplayType: 'text', attributeValues: [] },
  { attributeKey: 'website', attributeDisplayType: 'link', attributeValues: [] },
  { attributeKey: 'seats', attributeDisplayType: 'number', attributeValues: [] },
  { attributeKey: 'mrr', attributeDisplayType: 'currency', attributeValues: [] },
  { attributeKey: 'discount', attributeDisplayType: 'percent', attributeValues: [] },
  { attributeKey: 'renewal', attributeDisplayType: 'date', attributeValues: [] },
  { attributeKey: 'trial', attributeDisplayType: 'checkbox', attributeValues: [] },
  { attributeKey: 'tier', attributeDisplayType: 'list', attributeValues: ['Enterprise', 'Startup'] },
  { attributeKey: `o'brien"; DROP TABLE contacts; --`, attributeDisplayType: 'text', attributeValues: [] },
];
const contactDefs: CustomAttributeDef[] = [{ attributeKey: 'vip_since', attributeDisplayType: 'date', attributeValues: [] }];

let t: TestContext;
let accountId: number;
// Contacts live in an account of their own: each conversation fixture brings a contact with it.
let contactAccountId: number;
let adminId: number;
const names = new Map<number, string>();
const contactNames = new Map<number, string>();

beforeAll(async () => {
  t = await buildTestApp();
  const { account, admin } = await createAccountWithAdmin(t);
  accountId = account.id;
  adminId = admin.user.id;
  const inbox = await createInbox(t, accountId);
  const fixtures: [string, Parameters<typeof createConversation>[3]][] = [
    ['c1', {
      status: 'open', priority: 'high', labels: ['billing', 'vip'], assigneeId: adminId,
      createdAt: new Date('2024-01-10T12:00:00Z'), lastActivityAt: new Date('2024-01-11T08:00:00Z'),
      additionalAttributes: { browser_language: 'en', country_code: 'US', referer: 'https://shop.example.com/cart', mail_subject: 'Refund 100% now' },
      customAttributes: { plan: 'Gold', website: 'https://gold.example', seats: '12', mrr: 99.5, discount: 15, renewal: '2024-06-15T00:00:00.000Z', trial: true, tier: 'Enterprise', [`o'brien"; DROP TABLE contacts; --`]: 'yes' },
    }],
    ['c2', {
      status: 'resolved', priority: null, labels: ['billing'],
      createdAt: new Date('2024-03-01T00:00:00Z'), lastActivityAt: new Date('2024-03-02T00:00:00Z'),
      additionalAttributes: { browser_language: 'fr', country_code: 'FR', referer: 'https://blog.example.org/', mail_subject: 'Invoice_2024' },
      customAttributes: { plan: 'silver', seats: 'junk', mrr: '5', discount: '2.5', renewal: '2024-02-31', trial: 'false', tier: 'Startup' },
    }],
    ['c3', {
      status: 'pending', priority: 'urgent', labels: [],
      additionalAttributes: {},
      customAttributes: { seats: 3, mrr: '1e999999', renewal: 'soon', trial: 'maybe', plan: '' },
    }],
    ['c4', {
      status: 'snoozed', priority: 'low', labels: ['vip'],
      createdAt: new Date('2024-01-10T23:59:59Z'), lastActivityAt: new Date('2024-01-12T00:00:00Z'),
      additionalAttributes: { mail_subject: 'back\\slash' },
      customAttributes: {},
    }],
  ];
  for (const [name, values] of fixtures) names.set((await createConversation(t, accountId, inbox.id, values)).id, name);

  const contacts: [string, Parameters<typeof createContact>[2]][] = [
    ['ann', { name: 'Ann Smith', email: 'Ann@Example.com', phoneNumber: '+441234567', blocked: true, labels: ['lead'],
      additionalAttributes: { company_name: 'Acme Ltd', city: 'London', country_code: 'GB', referer: 'https://ads.example/x' },
      customAttributes: { vip_since: '2023-12-01' }, createdAt: new Date('2023-11-01T00:00:00Z') }],
    ['bob', { name: 'Bob Jones', email: 'bob@example.org', phoneNumber: '+15550001', identifier: 'crm-1',
      additionalAttributes: { company_name: 'Globex', city: 'New York' }, customAttributes: {} }],
    ['cyd', { name: 'Cyd_100%', email: null, additionalAttributes: {}, customAttributes: { vip_since: 'someday' } }],
  ];
  contactAccountId = (await createAccountWithAdmin(t)).account.id;
  for (const [name, values] of contacts) contactNames.set((await createContact(t, contactAccountId, values)).id, name);

  // Another account whose rows would match most filters: the account scope must keep them out.
  const other = await createAccountWithAdmin(t);
  const otherInbox = await createInbox(t, other.account.id);
  await createConversation(t, other.account.id, otherInbox.id, { status: 'open', labels: ['vip'], customAttributes: { plan: 'Gold' } });
  await createContact(t, other.account.id, { name: 'Ann Other', email: 'ann@example.com' });
});
afterAll(() => t.close());

const row = (attribute_key: string, filter_operator: string, values: unknown[] = [], query_operator: string | null = null, extra = {}) =>
  ({ attribute_key, filter_operator, values, query_operator, ...extra }) as FilterRowInput;
const custom = (attribute_key: string, filter_operator: string, values: unknown[] = []) =>
  row(attribute_key, filter_operator, values, null, { custom_attribute_type: 'conversation_attribute' });

async function conversations(...rows: FilterRowInput[]): Promise<string[]> {
  const c = schema.conversations;
  const found = await t.db.select({ id: c.id }).from(c).where(and(eq(c.accountId, accountId), compileConversationFilter(rows, conversationDefs)));
  return found.map((r) => names.get(r.id)!).sort();
}

async function contacts(...rows: FilterRowInput[]): Promise<string[]> {
  const k = schema.contacts;
  const found = await t.db.select({ id: k.id }).from(k).where(and(eq(k.accountId, contactAccountId), compileContactFilter(rows, contactDefs)));
  return found.map((r) => contactNames.get(r.id)!).sort();
}

describe('conversation filter operators', () => {
  it('S1-7.69 equal_to: enums, ids and text (case-insensitive, any of the values)', async () => {
    expect(await conversations(row('status', 'equal_to', ['open', 'pending']))).toEqual(['c1', 'c3']);
    expect(await conversations(row('status', 'equal_to', ['all']))).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(await conversations(row('priority', 'equal_to', ['none', 'low']))).toEqual(['c2', 'c4']);
    expect(await conversations(row('assignee_id', 'equal_to', [adminId]))).toEqual(['c1']);
    expect(await conversations(row('country_code', 'equal_to', ['us', 'fr']))).toEqual(['c1', 'c2']);
    expect(await conversations(row('labels', 'equal_to', ['VIP']))).toEqual(['c1', 'c4']);
  });

  it('S1-7.69 not_equal_to: rows without the value, NULLs included', async () => {
    expect(await conversations(row('country_code', 'not_equal_to', ['US']))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(row('priority', 'not_equal_to', ['high']))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(row('priority', 'not_equal_to', ['none']))).toEqual(['c1', 'c3', 'c4']);
    expect(await conversations(row('assignee_id', 'not_equal_to', [adminId]))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(row('labels', 'not_equal_to', ['billing']))).toEqual(['c3', 'c4']);
    expect(await conversations(row('status', 'not_equal_to', ['all']))).toEqual([]);
  });

  it('S1-7.69 contains: case-insensitive substring, with %, _ and \\ taken literally', async () => {
    expect(await conversations(row('referer', 'contains', ['EXAMPLE.COM']))).toEqual(['c1']);
    expect(await conversations(row('mail_subject', 'contains', ['%']))).toEqual(['c1']);
    expect(await conversations(row('mail_subject', 'contains', ['_']))).toEqual(['c2']);
    expect(await conversations(row('mail_subject', 'contains', ['\\']))).toEqual(['c4']);
    expect(await conversations(row('mail_subject', 'contains', ['refund', 'invoice']))).toEqual(['c1', 'c2']);
  });

  it('S1-7.69 does_not_contain: rows whose value lacks every given text, missing values included', async () => {
    expect(await conversations(row('mail_subject', 'does_not_contain', ['refund']))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(row('referer', 'does_not_contain', ['example']))).toEqual(['c3', 'c4']);
  });

  it('S1-7.69 is_present: set and non-empty', async () => {
    expect(await conversations(row('assignee_id', 'is_present'))).toEqual(['c1']);
    expect(await conversations(row('labels', 'is_present'))).toEqual(['c1', 'c2', 'c4']);
    expect(await conversations(row('priority', 'is_present'))).toEqual(['c1', 'c3', 'c4']);
    expect(await conversations(row('browser_language', 'is_present'))).toEqual(['c1', 'c2']);
  });

  it('S1-7.69 is_not_present: NULL, missing or empty', async () => {
    expect(await conversations(row('browser_language', 'is_not_present'))).toEqual(['c3', 'c4']);
    expect(await conversations(row('labels', 'is_not_present'))).toEqual(['c3']);
    expect(await conversations(row('team_id', 'is_not_present'))).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(await conversations(custom('plan', 'is_not_present'))).toEqual(['c3', 'c4']);
  });

  it('S1-7.69 is_greater_than: after a whole UTC day, or after an instant', async () => {
    expect(await conversations(row('created_at', 'is_greater_than', ['2024-01-10']))).toEqual(['c2', 'c3']);
    expect(await conversations(row('created_at', 'is_greater_than', ['2024-01-10T12:00:00Z']))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(custom('seats', 'is_greater_than', [5]))).toEqual(['c1']);
  });

  it('S1-7.69 is_less_than: before a whole UTC day, or before an instant', async () => {
    expect(await conversations(row('created_at', 'is_less_than', ['2024-03-01']))).toEqual(['c1', 'c4']);
    expect(await conversations(row('last_activity_at', 'is_less_than', ['2024-01-11T08:00:01Z']))).toEqual(['c1']);
    expect(await conversations(row('created_at', 'equal_to', ['2024-01-10']))).toEqual(['c1', 'c4']);
    // The extreme days the parser admits still make timestamps Postgres accepts.
    expect(await conversations(row('created_at', 'is_greater_than', ['9998-12-31']))).toEqual([]);
    expect(await conversations(row('created_at', 'is_less_than', ['1000-01-01T00:00:00-12:00']))).toEqual([]);
  });

  it('S1-7.69 days_before: dated before the UTC day N days ago', async () => {
    expect(await conversations(row('created_at', 'days_before', [30]))).toEqual(['c1', 'c2', 'c4']);
    expect(await conversations(row('last_activity_at', 'days_before', ['0']))).toEqual(['c1', 'c2', 'c4']);
  });

  it('S1-7.69 starts_with: case-insensitive prefix, wildcards literal', async () => {
    expect(await conversations(row('referer', 'starts_with', ['HTTPS://shop']))).toEqual(['c1']);
    expect(await conversations(row('referer', 'starts_with', ['%']))).toEqual([]);
    expect(await conversations(row('mail_subject', 'starts_with', ['Invoice_']))).toEqual(['c2']);
  });

  it('S1-7.69 combines rows with AND binding tighter than OR', async () => {
    const rows = [row('status', 'equal_to', ['open'], 'and'), row('labels', 'equal_to', ['vip'], 'or'), row('status', 'equal_to', ['pending'])];
    expect(await conversations(...rows)).toEqual(['c1', 'c3']);
    const other = [row('status', 'equal_to', ['pending'], 'or'), row('status', 'equal_to', ['snoozed'], 'and'), row('labels', 'equal_to', ['billing'])];
    expect(await conversations(...other)).toEqual(['c3']);
  });
});

describe('conversation custom attributes', () => {
  it('S1-7.69 text and link compare as text', async () => {
    expect(await conversations(custom('plan', 'equal_to', ['GOLD']))).toEqual(['c1']);
    expect(await conversations(custom('plan', 'contains', ['ilv']))).toEqual(['c2']);
    expect(await conversations(custom('website', 'starts_with', ['https://gold']))).toEqual(['c1']);
  });

  it('S1-7.69 number, currency and percent compare as numbers, junk values counting as absent without an error', async () => {
    expect(await conversations(custom('seats', 'equal_to', ['12.0', 3]))).toEqual(['c1', 'c3']);
    expect(await conversations(custom('seats', 'not_equal_to', [12]))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(custom('mrr', 'is_less_than', [10]))).toEqual(['c2']);
    expect(await conversations(custom('mrr', 'is_greater_than', [10]))).toEqual(['c1']);
    expect(await conversations(custom('mrr', 'is_present'))).toEqual(['c1', 'c2', 'c3']);
    expect(await conversations(custom('discount', 'is_greater_than', ['2.25']))).toEqual(['c1', 'c2']);
  });

  it('S1-7.69 date compares the written calendar day, shapeless values counting as absent', async () => {
    expect(await conversations(custom('renewal', 'is_greater_than', ['2024-03-01']))).toEqual(['c1']);
    expect(await conversations(custom('renewal', 'is_less_than', ['2024-03-01']))).toEqual(['c2']);
    expect(await conversations(custom('renewal', 'equal_to', ['2024-06-15']))).toEqual(['c1']);
    expect(await conversations(custom('renewal', 'days_before', [1]))).toEqual(['c1', 'c2']);
  });

  it('S1-7.69 checkbox compares as a boolean, list as one of its options', async () => {
    expect(await conversations(custom('trial', 'equal_to', [true]))).toEqual(['c1']);
    expect(await conversations(custom('trial', 'equal_to', ['false']))).toEqual(['c2']);
    expect(await conversations(custom('trial', 'not_equal_to', [true]))).toEqual(['c2', 'c3', 'c4']);
    expect(await conversations(custom('tier', 'equal_to', ['enterprise']))).toEqual(['c1']);
    expect(await conversations(custom('tier', 'not_equal_to', ['Enterprise']))).toEqual(['c2', 'c3', 'c4']);
  });
});

describe('contact filter', () => {
  it('S1-7.57 filters contacts by standard text, additional attributes and labels', async () => {
    expect(await contacts(row('email', 'equal_to', ['ann@example.COM']))).toEqual(['ann']);
    expect(await contacts(row('name', 'contains', ['_100%']))).toEqual(['cyd']);
    expect(await contacts(row('phone_number', 'starts_with', ['+44']))).toEqual(['ann']);
    expect(await contacts(row('company', 'equal_to', ['acme ltd']))).toEqual(['ann']);
    expect(await contacts(row('city', 'not_equal_to', ['London']))).toEqual(['bob', 'cyd']);
    expect(await contacts(row('identifier', 'is_present'))).toEqual(['bob']);
    expect(await contacts(row('email', 'is_not_present'))).toEqual(['cyd']);
    expect(await contacts(row('labels', 'equal_to', ['lead']))).toEqual(['ann']);
    expect(await contacts(row('referer', 'contains', ['ads.']))).toEqual(['ann']);
  });

  it('S1-7.57 filters contacts by blocked, dates and custom attributes', async () => {
    expect(await contacts(row('blocked', 'equal_to', [true]))).toEqual(['ann']);
    expect(await contacts(row('blocked', 'not_equal_to', ['true']))).toEqual(['bob', 'cyd']);
    expect(await contacts(row('created_at', 'is_less_than', ['2024-01-01']))).toEqual(['ann']);
    expect(await contacts(row('created_at', 'days_before', [1]))).toEqual(['ann']);
    const vip = row('vip_since', 'is_less_than', ['2024-01-01'], 'or', { custom_attribute_type: 'contact_attribute' });
    expect(await contacts(vip, row('identifier', 'equal_to', ['CRM-1']))).toEqual(['ann', 'bob']);
  });
});

describe('filter injection attempts', () => {
  const refused = async (run: () => Promise<unknown>, path: string) => {
    const error = await run().then(() => undefined, (e: unknown) => e);
    expect(error, path).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect(Object.keys((error as AppError).fields ?? {})).toContain(path);
  };

  it('S1-7.69 S1-7.57 answers a 422 for hostile keys, operators and typed values, and matches hostile text literally', async () => {
    const before = { conversations: await countRows(t, schema.conversations), contacts: await countRows(t, schema.contacts) };

    await refused(() => conversations(row('status; DROP TABLE conversations', 'equal_to', ['open'])), 'payload.0.attribute_key');
    await refused(() => conversations(custom("custom_attributes->>'x') OR 1=1 --", 'equal_to', ['x'])), 'payload.0.attribute_key');
    await refused(() => contacts(row("name' OR '1'='1", 'equal_to', ['x'])), 'payload.0.attribute_key');
    await refused(() => conversations(row('status', '= 1 OR 1=1 --', ['open'])), 'payload.0.filter_operator');
    await refused(() => conversations(row('status', 'equal_to', ['open'], 'OR 1=1 --'), row('team_id', 'is_present')), 'payload.0.query_operator');
    await refused(() => conversations(row('status', 'equal_to', ["open' OR '1'='1"])), 'payload.0.values');
    await refused(() => conversations(row('inbox_id', 'equal_to', ['1 OR 1=1'])), 'payload.0.values');
    await refused(() => conversations(custom('seats', 'is_greater_than', ['0); DELETE FROM contacts; --'])), 'payload.0.values');
    await refused(() => conversations(row('created_at', 'is_less_than', ["2024-01-01'::date OR true --"])), 'payload.0.values');
    await refused(() => conversations(row('created_at', 'days_before', ['1 day'])), 'payload.0.values');

    expect(await conversations(row('country_code', 'equal_to', ["' OR '1'='1"]))).toEqual([]);
    expect(await conversations(row('referer', 'contains', ["'); DELETE FROM contacts; --"]))).toEqual([]);
    expect(await conversations(row('labels', 'equal_to', ["vip' OR 1=1"]))).toEqual([]);
    expect(await contacts(row('name', 'does_not_contain', ["%' OR '1'='1"]))).toEqual(['ann', 'bob', 'cyd']);
    expect(await conversations(custom(`o'brien"; DROP TABLE contacts; --`, 'equal_to', ['YES']))).toEqual(['c1']);

    expect(await countRows(t, schema.conversations)).toBe(before.conversations);
    expect(await countRows(t, schema.contacts)).toBe(before.contacts);
    expect(await conversations(row('status', 'equal_to', ['all']))).toHaveLength(4);
  });
});
