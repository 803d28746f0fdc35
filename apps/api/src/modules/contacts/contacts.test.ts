import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, injectMultipart, PNG, type FilePart, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createInbox, createMember, type Member } from '../../../test/factories.ts';
import { contactPushByIds, findContactInboxBySource, resolveContactInbox, touchContactActivity } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/contacts${rest}`;
const call = (method: Method, path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });


const upload = (method: 'POST' | 'PATCH', path: string, headers: Headers, fields: Record<string, string | FilePart>) =>
  injectMultipart(t.app, method, path, headers, fields);

const storedAvatars = (): string[] => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'storage', 'avatars'));
  } catch {
    return [];
  }
};
const contactRow = async (id: number) => (await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, id)))[0]!;

/** Collects the contact events of one account while `work` runs. */
async function contactEvents(accountId: number, work: () => Promise<void>): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  const unsubscribe = t.app.bus.subscribe((event) => {
    if (event.name.startsWith('contact.') && event.accountId === accountId) events.push(event);
  });
  try {
    await work();
  } finally {
    unsubscribe();
  }
  return events;
}

async function customRoleMember(accountId: number, admin: Member, permissions: string[]): Promise<Member> {
  const role = await call('POST', `/api/v1/accounts/${accountId}/custom_roles`, admin.headers, { name: `Role ${permissions.join(' ')} ${Math.random()}`, permissions });
  expect(role.statusCode).toBe(200);
  return createMember(t, accountId, 'agent', { customRoleId: role.json().id });
}

describe('POST contacts', () => {
  it('S1-3.15 S1-3.16 creates a contact; additional_attributes.social_profiles and custom attributes round-trip', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const body = {
      name: '  Ada Lovelace ',
      email: 'Ada@Example.COM',
      phone_number: '+44 20 7946 0958',
      identifier: 'crm-42',
      blocked: false,
      additional_attributes: { city: 'London', company_name: 'Engines', social_profiles: { twitter: 'ada', github: 'ada-l' } },
      custom_attributes: { plan: 'pro', seats: 3 },
    };
    let res!: Awaited<ReturnType<typeof call>>;
    const events = await contactEvents(account.id, async () => {
      res = await call('POST', url(account.id), admin.headers, body);
    });
    expect(res.statusCode).toBe(200);
    const { contact, contact_inbox } = res.json().payload;
    expect(contact_inbox).toBeNull();
    expect(contact).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone_number: '+442079460958',
      identifier: 'crm-42',
      thumbnail: '',
      blocked: false,
      availability_status: 'offline',
      additional_attributes: body.additional_attributes,
      custom_attributes: body.custom_attributes,
      last_activity_at: null,
      created_at: expect.any(Number),
      contact_inboxes: [],
    });
    expect(Math.abs(contact.created_at - Date.now() / 1000)).toBeLessThan(60);

    const row = await contactRow(contact.id);
    expect(row).toMatchObject({ accountId: account.id, email: 'ada@example.com', phoneNumber: '+442079460958', identifier: 'crm-42' });
    expect(row.additionalAttributes).toEqual(body.additional_attributes);

    const shown = (await call('GET', url(account.id, `/${contact.id}`), admin.headers)).json();
    expect(shown).toEqual({ payload: contact });
    expect(shown.payload.additional_attributes.social_profiles).toEqual({ twitter: 'ada', github: 'ada-l' });

    expect(events).toEqual([
      {
        name: 'contact.created',
        accountId: account.id,
        data: {
          id: contact.id,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone_number: '+442079460958',
          identifier: 'crm-42',
          thumbnail: '',
          blocked: false,
          additional_attributes: body.additional_attributes,
          custom_attributes: body.custom_attributes,
          type: 'contact',
        },
      },
    ]);
  });

  it('accepts the body wrapped under contact, and a nameless contact with only an identifier', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const wrapped = await call('POST', url(account.id), admin.headers, { contact: { name: 'Wrapped', email: 'w@example.com', blocked: true } });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json().payload.contact).toMatchObject({ name: 'Wrapped', email: 'w@example.com', blocked: true, phone_number: null, identifier: null });
    const bare = await call('POST', url(account.id), admin.headers, { identifier: 'only-id', email: '' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().payload.contact).toMatchObject({ name: '', email: null, identifier: 'only-id', additional_attributes: {}, custom_attributes: {} });
  });

  it('S1-5.45 S1-8.14 answers 422 with per-attribute errors for a taken email (any case), phone number and identifier, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await createContact(t, account.id, { email: 'taken@example.com', phoneNumber: '+15550000001', identifier: 'ext-1' });
    const before = await countRows(t, schema.contacts);

    const all = await call('POST', url(account.id), admin.headers, { name: 'Dup', email: 'TAKEN@example.com', phone_number: '+1 555 000 0001', identifier: 'ext-1' });
    expect(all.statusCode).toBe(422);
    expect(all.json()).toEqual({
      message: 'Email has already been taken, Phone number has already been taken, Identifier has already been taken',
      attributes: ['email', 'phone_number', 'identifier'],
      errors: { email: ['has already been taken'], phone_number: ['has already been taken'], identifier: ['has already been taken'] },
    });
    const one = await call('POST', url(account.id), admin.headers, { name: 'Dup', email: 'fresh@example.com', identifier: 'ext-1' });
    expect(one.statusCode).toBe(422);
    expect(one.json().attributes).toEqual(['identifier']);
    expect(await countRows(t, schema.contacts)).toBe(before);

    // uniqueness is per account
    expect((await call('POST', url(other.id), otherAdmin.headers, { email: 'taken@example.com', phone_number: '+15550000001', identifier: 'ext-1' })).statusCode).toBe(200);
  });

  it('S1-5.45 answers 422 on email, phone_number and other fields when they are malformed, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.contacts);
    const cases: [object, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a@b' }, 'email'],
      [{ phone_number: '5550100' }, 'phone_number'],
      [{ phone_number: '+0123' }, 'phone_number'],
      [{ phone_number: '+1234567890123456' }, 'phone_number'],
      [{ phone_number: '+1555abc' }, 'phone_number'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ blocked: 'maybe' }, 'blocked'],
      [{ additional_attributes: ['a'] }, 'additional_attributes'],
      [{ custom_attributes: 'nope' }, 'custom_attributes'],
      [{ inbox_id: 'abc' }, 'inbox_id'],
      [{ avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url(account.id), admin.headers, { name: 'Bad', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes, JSON.stringify(payload)).toEqual([field]);
      expect(res.json().errors[field]).toHaveLength(1);
    }
    const both = (await call('POST', url(account.id), admin.headers, { email: 'bad', phone_number: 'bad' })).json();
    expect(both.attributes.sort()).toEqual(['email', 'phone_number']);
    expect(both.errors.phone_number).toEqual(['must be in E.164 format (+ followed by up to 15 digits)']);
    expect(await countRows(t, schema.contacts)).toBe(before);
  });

  it('with inbox_id makes the contact inbox: a uuid for API and widget inboxes, the email, the phone number by channel', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const cases: [Parameters<typeof createInbox>[2], (i: number) => RegExp | string][] = [
      [{ channelType: 'Channel::Api' }, () => uuid],
      [{ channelType: 'Channel::WebWidget' }, () => uuid],
      [{ channelType: 'Channel::Email' }, (i) => `inb${i}@example.com`],
      [{ channelType: 'Channel::Sms' }, (i) => `+1555123000${i}`],
      // WhatsApp names senders without the +, as Chatwoot stores them
      [{ channelType: 'Channel::Whatsapp' }, (i) => `1555123000${i}`],
    ];
    for (const [i, [inboxValues, expected]] of cases.entries()) {
      const inbox = await createInbox(t, account.id, inboxValues);
      const res = await call('POST', url(account.id), admin.headers, { name: `In ${i}`, email: `INB${i}@example.com`, phone_number: `+1555123000${i}`, inbox_id: inbox.id });
      expect(res.statusCode, inboxValues!.channelType).toBe(200);
      const { contact, contact_inbox } = res.json().payload;
      const want = expected(i);
      if (typeof want === 'string') expect(contact_inbox.source_id).toBe(want);
      else expect(contact_inbox.source_id).toMatch(want);
      expect(contact_inbox.inbox).toEqual({ id: inbox.id, name: inbox.name, channel_id: inbox.channelId, channel_type: inboxValues!.channelType, provider: null, avatar_url: '' });
      expect(contact.contact_inboxes).toEqual([contact_inbox]);
      const stored = await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.contactId, contact.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ inboxId: inbox.id, sourceId: contact_inbox.source_id, hmacVerified: false });
      expect(stored[0]!.pubsubToken.length).toBeGreaterThanOrEqual(20);
    }
  });

  it('uses a given source_id; 422 when the inbox holds it already, when none can be derived, or for a foreign inbox, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const api = await createInbox(t, account.id);
    const email = await createInbox(t, account.id, { channelType: 'Channel::Email' });
    const telegram = await createInbox(t, account.id, { channelType: 'Channel::Telegram' });
    const foreign = await createInbox(t, other.id);

    const given = await call('POST', url(account.id), admin.headers, { name: 'Given', inbox_id: api.id, source_id: 'visitor-7' });
    expect(given.json().payload.contact_inbox.source_id).toBe('visitor-7');
    const tg = await call('POST', url(account.id), admin.headers, { name: 'Tg', inbox_id: telegram.id, source_id: '123456789' });
    expect(tg.json().payload.contact_inbox).toMatchObject({ source_id: '123456789', inbox: { channel_type: 'Channel::Telegram' } });

    const contactsBefore = await countRows(t, schema.contacts);
    const inboxesBefore = await countRows(t, schema.contactInboxes);
    const cases: [object, string][] = [
      [{ inbox_id: api.id, source_id: 'visitor-7' }, 'source_id'],
      [{ inbox_id: telegram.id }, 'source_id'],
      [{ inbox_id: email.id, phone_number: '+15550009999' }, 'email'],
      [{ inbox_id: foreign.id }, 'inbox_id'],
      [{ inbox_id: 999_999_999 }, 'inbox_id'],
      [{ inbox_id: api.id, source_id: '   ' }, 'source_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url(account.id), admin.headers, { name: 'No', identifier: 'never-written', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes, JSON.stringify(payload)).toEqual([field]);
    }
    expect(await countRows(t, schema.contacts)).toBe(contactsBefore);
    expect(await countRows(t, schema.contactInboxes)).toBe(inboxesBefore);
  });

  it('lets an agent use only the inboxes they are a member of', async () => {
    const { account } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    const notMine = await createInbox(t, account.id);
    const denied = await call('POST', url(account.id), agent.headers, { name: 'A', inbox_id: notMine.id });
    expect(denied.statusCode).toBe(422);
    expect(denied.json().errors).toEqual({ inbox_id: ['is not an inbox you can use'] });
    const ok = await call('POST', url(account.id), agent.headers, { name: 'A', inbox_id: mine.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payload.contact_inbox.inbox.id).toBe(mine.id);
  });

  it('takes multipart fields with nested attributes and a PNG avatar; refuses a non-image avatar, storing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await upload('POST', url(account.id), admin.headers, {
      name: 'Pic',
      email: 'pic@example.com',
      blocked: 'true',
      'additional_attributes[company_name]': 'Acme',
      'additional_attributes[social_profiles][linkedin]': 'pic-li',
      custom_attributes: JSON.stringify({ tier: 'gold' }),
      avatar: { data: PNG, filename: 'face.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    const { contact } = res.json().payload;
    expect(contact).toMatchObject({
      name: 'Pic',
      blocked: true,
      additional_attributes: { company_name: 'Acme', social_profiles: { linkedin: 'pic-li' } },
      custom_attributes: { tier: 'gold' },
    });
    expect(contact.thumbnail).toMatch(/^http:\/\/localhost:3000\/uploads\/avatars\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(contact.thumbnail).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const files = storedAvatars().length;
    const before = await countRows(t, schema.contacts);
    const bad = await upload('POST', url(account.id), admin.headers, { name: 'Svg', avatar: { data: SVG, filename: 'x.png', type: 'image/png' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().attributes).toEqual(['avatar']);
    // a duplicate email after a valid upload leaves no orphaned file behind either
    const dup = await upload('POST', url(account.id), admin.headers, { email: 'PIC@example.com', avatar: { data: PNG, filename: 'a.png', type: 'image/png' } });
    expect(dup.statusCode).toBe(422);
    expect(storedAvatars()).toHaveLength(files);
    expect(await countRows(t, schema.contacts)).toBe(before);
  });

  it('S1-5.45 simultaneous creates of one email: one wins, the others answer 422 on email, never 500', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', url(account.id), admin.headers, { name: `Racer ${i}`, email: 'race@example.com' })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    for (const r of results.filter((r) => r.statusCode === 422)) expect(r.json().errors).toEqual({ email: ['has already been taken'] });
  });
});

describe('GET contacts', () => {
  it('S1-7.55 lists only contacts with an email, phone or identifier, 15 a page, latest activity first by default', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await createContact(t, account.id, { name: 'Anonymous visitor' });
    await createContact(t, account.id, { name: 'Blank strings', email: '', phoneNumber: '' });
    const base = Date.parse('2026-01-01T00:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < 17; i++) {
      const c = await createContact(t, account.id, { name: `P${i}`, email: `p${i}@example.com`, lastActivityAt: i < 16 ? new Date(base + i * 60_000) : null });
      ids.push(c.id);
    }
    const first = await call('GET', url(account.id), admin.headers);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.meta).toEqual({ count: 17, current_page: 1 });
    expect(page1.payload).toHaveLength(15);
    // newest activity first; a contact never active comes last
    expect(page1.payload.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 15 }, (_, i) => `P${15 - i}`));
    expect(page1.payload[0].last_activity_at).toBe((base + 15 * 60_000) / 1000);
    const page2 = (await call('GET', url(account.id, '?page=2'), admin.headers)).json();
    expect(page2.meta).toEqual({ count: 17, current_page: 2 });
    expect(page2.payload.map((c: { name: string }) => c.name)).toEqual(['P0', 'P16']);
    expect((await call('GET', url(account.id, '?page=3'), admin.headers)).json().payload).toEqual([]);
  });

  it('S1-7.55 sorts by name, email, phone_number, created_at, company, city and country, either way, ties by id', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const b = await createContact(t, account.id, {
      name: 'bravo',
      email: 'z@example.com',
      phoneNumber: '+300',
      additionalAttributes: { company_name: 'Zeta', city: 'Austin', country: 'Chile' },
      createdAt: day(1),
    });
    const a = await createContact(t, account.id, {
      name: 'Alpha',
      email: 'y@example.com',
      phoneNumber: '+100',
      additionalAttributes: { company_name: 'alpha co', city: 'Berlin', country: 'Brazil' },
      createdAt: day(2),
    });
    const c = await createContact(t, account.id, { name: 'Charlie', email: 'x@example.com', additionalAttributes: { city: 'cairo' }, createdAt: day(3) });
    // same name as Alpha in another case: the id breaks the tie, in both directions
    const twin = await createContact(t, account.id, { name: 'alpha', identifier: 'twin', createdAt: day(4) });
    const order = async (sort: string) =>
      ((await call('GET', url(account.id, `?sort=${sort}`), admin.headers)).json().payload as { id: number }[]).map((row) => row.id);

    expect(await order('name')).toEqual([a.id, twin.id, b.id, c.id]);
    expect(await order('-name')).toEqual([c.id, b.id, a.id, twin.id]);
    expect(await order('email')).toEqual([c.id, a.id, b.id, twin.id]);
    expect(await order('-email')).toEqual([b.id, a.id, c.id, twin.id]);
    expect(await order('phone_number')).toEqual([a.id, b.id, c.id, twin.id]);
    expect(await order('-created_at')).toEqual([twin.id, c.id, a.id, b.id]);
    expect(await order('created_at')).toEqual([b.id, a.id, c.id, twin.id]);
    expect(await order('company')).toEqual([a.id, b.id, c.id, twin.id]);
    expect(await order('-company')).toEqual([b.id, a.id, c.id, twin.id]);
    expect(await order('city')).toEqual([b.id, a.id, c.id, twin.id]);
    expect(await order('country')).toEqual([a.id, b.id, c.id, twin.id]);

    const bad = await call('GET', url(account.id, '?sort=password'), admin.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: ['must be one of name, email, phone_number, last_activity_at, created_at, company, city, country, optionally with a leading -'] });
    expect((await call('GET', url(account.id, '?page=0'), admin.headers)).statusCode).toBe(422);
  });

  it('S1-7.55 filters by labels[] (any of them) and by label; include_contact_inboxes=false leaves the inboxes out', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const vip = await createContact(t, account.id, { name: 'Vip', email: 'vip@example.com', labels: ['vip', 'billing'] });
    const billing = await createContact(t, account.id, { name: 'Billing', email: 'billing@example.com', labels: ['billing'] });
    await createContact(t, account.id, { name: 'Plain', email: 'plain@example.com' });
    await createContact(t, account.id, { name: 'Vip but anonymous', labels: ['vip'] });
    await t.db.insert(schema.contactInboxes).values({ contactId: vip.id, inboxId: inbox.id, sourceId: 'vip-src', pubsubToken: 'tok-vip-src-0000000000' });
    const names = async (query: string) => {
      const res = await call('GET', url(account.id, query), admin.headers);
      expect(res.statusCode, query).toBe(200);
      return (res.json().payload as { name: string }[]).map((c) => c.name).sort();
    };
    expect(await names('?labels[]=vip')).toEqual(['Vip']);
    expect(await names('?labels[]=VIP&labels[]=billing')).toEqual(['Billing', 'Vip']);
    expect(await names('?label=billing')).toEqual(['Billing', 'Vip']);
    expect(await names('?labels[]=nobody')).toEqual([]);
    expect((await call('GET', url(account.id, '?labels[]=billing'), admin.headers)).json().meta.count).toBe(2);

    const withInboxes = (await call('GET', url(account.id, '?labels[]=vip'), admin.headers)).json().payload[0];
    expect(withInboxes.contact_inboxes).toEqual([{ source_id: 'vip-src', inbox: expect.objectContaining({ id: inbox.id, channel_type: 'Channel::Api' }) }]);
    const without = (await call('GET', url(account.id, '?include_contact_inboxes=false&label=billing'), admin.headers)).json().payload;
    expect(without).toHaveLength(2);
    for (const contact of without) expect(contact).not.toHaveProperty('contact_inboxes');
    expect(billing.id).toBeGreaterThan(0);
  });
});

describe('GET contacts/:id', () => {
  it('S1-3.15 shows the contact with the contact inboxes the caller may see', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const shared = await createInbox(t, account.id, { name: 'Shared', members: [agent.user.id] });
    const hidden = await createInbox(t, account.id, { name: 'Hidden' });
    const contact = await createContact(t, account.id, { name: 'Seen', additionalAttributes: { social_profiles: { facebook: 'seen' } } });
    await t.db.insert(schema.contactInboxes).values([
      { contactId: contact.id, inboxId: shared.id, sourceId: 's-1', pubsubToken: 'tok-s-1-00000000000000' },
      { contactId: contact.id, inboxId: hidden.id, sourceId: 'h-1', pubsubToken: 'tok-h-1-00000000000000' },
    ]);
    const asAdmin = (await call('GET', url(account.id, `/${contact.id}`), admin.headers)).json().payload;
    expect(asAdmin).toMatchObject({ id: contact.id, name: 'Seen', availability_status: 'offline', thumbnail: '', additional_attributes: { social_profiles: { facebook: 'seen' } } });
    expect(asAdmin.contact_inboxes.map((ci: { source_id: string; inbox: { name: string } }) => [ci.source_id, ci.inbox.name])).toEqual([
      ['s-1', 'Shared'],
      ['h-1', 'Hidden'],
    ]);
    const asAgent = (await call('GET', url(account.id, `/${contact.id}`), agent.headers)).json().payload;
    expect(asAgent.contact_inboxes.map((ci: { source_id: string }) => ci.source_id)).toEqual(['s-1']);
  });
});

describe('PATCH and PUT contacts/:id', () => {
  it('S1-5.46 merges additional and custom attributes, overwrites the other fields given, and publishes contact.updated', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = (
      await call('POST', url(account.id), admin.headers, {
        name: 'Grace',
        email: 'grace@example.com',
        phone_number: '+15550001111',
        additional_attributes: { city: 'Arlington', social_profiles: { twitter: 'grace' } },
        custom_attributes: { plan: 'free', seats: 1 },
      })
    ).json().payload.contact;

    let res!: Awaited<ReturnType<typeof call>>;
    const events = await contactEvents(account.id, async () => {
      res = await call('PATCH', url(account.id, `/${created.id}`), admin.headers, {
        name: 'Grace Hopper',
        phone_number: null,
        additional_attributes: { company_name: 'Navy', social_profiles: { github: 'grace' } },
        custom_attributes: { plan: 'pro' },
      });
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().payload;
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone_number: null,
      // top-level keys merge; a nested hash given replaces the stored one, as Chatwoot's merge does
      additional_attributes: { city: 'Arlington', company_name: 'Navy', social_profiles: { github: 'grace' } },
      custom_attributes: { plan: 'pro', seats: 1 },
      contact_inboxes: [],
    });
    expect(events).toEqual([{ name: 'contact.updated', accountId: account.id, data: expect.objectContaining({ id: created.id, name: 'Grace Hopper', phone_number: null, type: 'contact' }) }]);

    const put = await call('PUT', url(account.id, `/${created.id}`), admin.headers, { contact: { blocked: true, custom_attributes: { seats: 5 } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().payload).toMatchObject({ name: 'Grace Hopper', blocked: true, custom_attributes: { plan: 'pro', seats: 5 } });
    const row = await contactRow(created.id);
    expect(row).toMatchObject({ name: 'Grace Hopper', blocked: true, phoneNumber: null, customAttributes: { plan: 'pro', seats: 5 } });
  });

  it('S1-5.46 answers 422 with per-attribute errors for taken or malformed values, changing nothing; its own values are no clash', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await createContact(t, account.id, { email: 'owner@example.com', identifier: 'owner-id' });
    const mine = await createContact(t, account.id, { name: 'Mine', email: 'mine@example.com', phoneNumber: '+15557770000', customAttributes: { keep: true } });
    const cases: [object, string[]][] = [
      [{ email: 'OWNER@example.com' }, ['email']],
      [{ email: 'owner@example.com', identifier: 'owner-id' }, ['email', 'identifier']],
      [{ email: 'broken', name: 'Changed' }, ['email']],
      [{ phone_number: '0044 1234', custom_attributes: { keep: false } }, ['phone_number']],
    ];
    for (const [payload, fields] of cases) {
      const res = await call('PATCH', url(account.id, `/${mine.id}`), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes.sort(), JSON.stringify(payload)).toEqual(fields);
    }
    expect(await contactRow(mine.id)).toMatchObject({ name: 'Mine', email: 'mine@example.com', phoneNumber: '+15557770000', customAttributes: { keep: true } });

    const same = await call('PATCH', url(account.id, `/${mine.id}`), admin.headers, { email: 'MINE@example.com', phone_number: '+15557770000' });
    expect(same.statusCode).toBe(200);
    expect(same.json().payload.email).toBe('mine@example.com');
    const empty = await call('PATCH', url(account.id, `/${mine.id}`), admin.headers, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().payload).toMatchObject({ name: 'Mine', email: 'mine@example.com', custom_attributes: { keep: true } });
  });

  it('replaces the avatar through multipart and removes the replaced file', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const contact = (await upload('POST', url(account.id), admin.headers, { name: 'Face', avatar: { data: PNG, filename: 'a.png', type: 'image/png' } })).json().payload.contact;
    const firstKey = new URL(contact.thumbnail).pathname.split('/').pop()!;
    expect(storedAvatars()).toContain(firstKey);
    const res = await upload('PATCH', url(account.id, `/${contact.id}`), admin.headers, { name: 'Face 2', avatar: { data: PNG, filename: 'b.png', type: 'image/png' } });
    expect(res.statusCode).toBe(200);
    const secondKey = new URL(res.json().payload.thumbnail).pathname.split('/').pop()!;
    expect(secondKey).not.toBe(firstKey);
    expect(storedAvatars()).toContain(secondKey);
    expect(storedAvatars()).not.toContain(firstKey);
  });
});

describe('contacts access', () => {
  it('S1-2.73 S1-6.07 administrators, agents and contact_manage roles read and write; conversation roles only read; checkers neither', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { name: 'Target', email: 'target@example.com' });
    const agent = await createMember(t, account.id, 'agent');
    const contactManager = await customRoleMember(account.id, admin, ['contact_manage']);
    const conversationManager = await customRoleMember(account.id, admin, ['conversation_manage']);
    const reporter = await customRoleMember(account.id, admin, ['report_manage']);
    const checker = await createMember(t, account.id, 'checker');

    const expectations: [string, Member, number, number][] = [
      ['agent', agent, 200, 200],
      ['contact_manage', contactManager, 200, 200],
      ['conversation_manage', conversationManager, 200, 403],
      ['report_manage', reporter, 403, 403],
      ['checker', checker, 403, 403],
    ];
    for (const [label, member, read, write] of expectations) {
      expect((await call('GET', url(account.id), member.headers)).statusCode, label).toBe(read);
      expect((await call('GET', url(account.id, `/${contact.id}`), member.headers)).statusCode, label).toBe(read);
      const before = await countRows(t, schema.contacts);
      const created = await call('POST', url(account.id), member.headers, { name: `By ${label}` });
      expect(created.statusCode, label).toBe(write);
      expect(await countRows(t, schema.contacts)).toBe(before + (write === 200 ? 1 : 0));
      expect((await call('PATCH', url(account.id, `/${contact.id}`), member.headers, { name: `Renamed by ${label}` })).statusCode, label).toBe(write);
      expect((await call('PUT', url(account.id, `/${contact.id}`), member.headers, { name: `Renamed by ${label}` })).statusCode, label).toBe(write);
    }
    expect((await contactRow(contact.id)).name).toBe('Renamed by contact_manage');
  });

  it('answers 401 without auth, writing nothing', async () => {
    const { account } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { email: 'anon@example.com' });
    const before = await countRows(t, schema.contacts);
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(account.id, `/${contact.id}`), undefined)).statusCode).toBe(401);
    expect((await call('POST', url(account.id), undefined, { name: 'Anon' })).statusCode).toBe(401);
    expect((await call('PATCH', url(account.id, `/${contact.id}`), undefined, { name: 'Anon' })).statusCode).toBe(401);
    expect((await call('PUT', url(account.id, `/${contact.id}`), undefined, { name: 'Anon' })).statusCode).toBe(401);
    expect(await countRows(t, schema.contacts)).toBe(before);
    expect((await contactRow(contact.id)).name).not.toBe('Anon');
  });

  it("answers 404 for another account and for another account's contacts", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const theirs = await createContact(t, other.id, { name: 'Theirs', email: 'theirs@example.com' });
    const before = await countRows(t, schema.contacts);
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(other.id), admin.headers, { name: 'Sneaky' })).statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'PUT'] as const) {
      const res = await call(method, url(account.id, `/${theirs.id}`), admin.headers, method === 'GET' ? undefined : { name: 'Stolen' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ error: 'Resource could not be found' });
    }
    expect((await call('GET', url(account.id, '/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, '?labels[]=x'), admin.headers)).json().payload).toEqual([]);
    expect(await countRows(t, schema.contacts)).toBe(before);
    expect((await contactRow(theirs.id)).name).toBe('Theirs');
  });
});

describe('contacts in the OpenAPI document', () => {
  it('documents every contacts route under the contacts tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = doc.paths['/api/v1/accounts/{accountId}/contacts'];
    const one = doc.paths['/api/v1/accounts/{accountId}/contacts/{id}'];
    expect(Object.keys(list).sort()).toEqual(['get', 'post']);
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    const more = [
      doc.paths['/api/v1/accounts/{accountId}/contacts/search'].get,
      doc.paths['/api/v1/accounts/{accountId}/contacts/filter'].post,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/labels'].get,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/labels'].post,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/notes'].get,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/notes'].post,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/notes/{noteId}'].delete,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/destroy_custom_attributes'].post,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/avatar'].delete,
      doc.paths['/api/v1/accounts/{accountId}/contacts/{id}/contactable_inboxes'].get,
      doc.paths['/api/v1/accounts/{accountId}/actions/contact_merge'].post,
    ];
    for (const operation of [list.get, list.post, one.get, one.patch, one.put, one.delete, ...more]) {
      expect(operation.tags).toEqual(['contacts']);
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.responses['200']).toBeDefined();
    }
    expect(list.get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'sort', 'labels[]', 'include_contact_inboxes']));
  });
});

describe('service functions for other modules', () => {
  const ctxFor = (accountId: number) => ({ db: t.db, accountId, storage: t.app.storage });

  it('resolveContactInbox finds or makes the contact inbox and refuses another account’s contact or inbox', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const sms = await createInbox(t, account.id, { channelType: 'Channel::Sms' });
    const contact = await createContact(t, account.id, { phoneNumber: '+15553334444' });

    const made = await resolveContactInbox(t.db, { accountId: account.id, inboxId: inbox.id, contactId: contact.id });
    expect(made).toMatchObject({ contactId: contact.id, inboxId: inbox.id });
    expect(await resolveContactInbox(t.db, { accountId: account.id, inboxId: inbox.id, contactId: contact.id })).toEqual(made);
    const viaSms = await resolveContactInbox(t.db, { accountId: account.id, inboxId: sms.id, contactId: contact.id });
    expect(viaSms.sourceId).toBe('+15553334444');
    expect(viaSms.pubsubToken).not.toBe(made.pubsubToken);
    const given = await resolveContactInbox(t.db, { accountId: account.id, inboxId: inbox.id, contactId: contact.id, sourceId: 'second-thread' });
    expect(given).toMatchObject({ sourceId: 'second-thread', contactId: contact.id });
    expect(given.id).not.toBe(made.id);

    const someoneElse = await createContact(t, account.id);
    await expect(resolveContactInbox(t.db, { accountId: account.id, inboxId: inbox.id, contactId: someoneElse.id, sourceId: 'second-thread' })).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { source_id: ['has already been taken'] },
    });
    await expect(resolveContactInbox(t.db, { accountId: other.id, inboxId: inbox.id, contactId: contact.id })).rejects.toMatchObject({ fields: { contact_id: [expect.any(String)] } });
    const otherContact = await createContact(t, other.id);
    await expect(resolveContactInbox(t.db, { accountId: other.id, inboxId: inbox.id, contactId: otherContact.id })).rejects.toMatchObject({ fields: { inbox_id: [expect.any(String)] } });
  });

  it('findContactInboxBySource looks in one inbox or any of the account’s inboxes, never another account’s', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const second = await createInbox(t, account.id);
    const contact = await createContact(t, account.id);
    const row = await resolveContactInbox(t.db, { accountId: account.id, inboxId: inbox.id, contactId: contact.id, sourceId: 'lookup-me' });
    expect(await findContactInboxBySource(t.db, { accountId: account.id, inboxId: inbox.id, sourceId: 'lookup-me' })).toEqual(row);
    expect(await findContactInboxBySource(t.db, { accountId: account.id, sourceId: 'lookup-me' })).toEqual(row);
    expect(await findContactInboxBySource(t.db, { accountId: account.id, inboxId: second.id, sourceId: 'lookup-me' })).toBeNull();
    expect(await findContactInboxBySource(t.db, { accountId: other.id, sourceId: 'lookup-me' })).toBeNull();
  });

  it('touchContactActivity moves last_activity_at forward only; contactPushByIds answers the account’s contacts in one map', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { name: 'Pushed', email: 'pushed@example.com', additionalAttributes: { city: 'Oslo' } });
    const foreign = await createContact(t, other.id);
    const later = new Date('2026-03-01T10:00:00Z');
    await touchContactActivity(t.db, contact.id, later);
    await touchContactActivity(t.db, contact.id, new Date('2026-02-01T10:00:00Z'));
    expect((await contactRow(contact.id)).lastActivityAt?.toISOString()).toBe(later.toISOString());

    const map = await contactPushByIds(ctxFor(account.id), [contact.id, contact.id, foreign.id]);
    expect([...map.keys()]).toEqual([contact.id]);
    expect(map.get(contact.id)).toEqual({
      id: contact.id,
      name: 'Pushed',
      email: 'pushed@example.com',
      phone_number: null,
      identifier: null,
      thumbnail: '',
      blocked: false,
      additional_attributes: { city: 'Oslo' },
      custom_attributes: {},
      type: 'contact',
    });
    expect((await contactPushByIds(ctxFor(account.id), [])).size).toBe(0);
  });
});
