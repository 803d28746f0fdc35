import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createInbox, createMember } from '../../../test/factories.ts';
import type { Services } from '../../lib/context.ts';
import { runAvatarFetches } from './avatar-fetch.ts';
import { contactsApi } from './test-fixtures.ts';

let t: TestContext;
// A local server playing the image host.
let server: http.Server;
let origin: string;
beforeAll(async () => {
  // no sweep: the avatar job runs only when a request asks for it (and the test, for local URLs)
  t = await buildTestApp({ WEBHOOK_POLL_INTERVAL_MS: '0' });
  server = http.createServer((req, res) => {
    if (req.url === '/face.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
const { contactsUrl: url, call, customRoleMember, contactRow } = contactsApi(() => t);
const services = (): Services => ({ db: t.db, config: t.config, log: t.app.log, mailer: t.mailer, storage: t.app.storage, bus: t.app.bus });

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST contacts/{id}/destroy_custom_attributes', () => {
  it('S1-7.62 removes the named keys (unknown ones ignored), keeps the others, and publishes contact.updated', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { email: 'ca@example.com', customAttributes: { plan: 'pro', seats: 3, region: 'eu' } });
    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', url(account.id, `/${contact.id}/destroy_custom_attributes`), admin.headers, { custom_attributes: ['plan', 'region', 'missing'] });
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id: contact.id, custom_attributes: { seats: 3 } });
    expect((await contactRow(contact.id))!.customAttributes).toEqual({ seats: 3 });
    expect(events.map((e) => e.name)).toContain('contact.updated');
  });

  it('answers 422 for an empty or malformed list, 401, 403 for a reader, 404 across accounts, changing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { email: 'ca2@example.com', customAttributes: { plan: 'pro' } });
    const theirs = await createContact(t, other.id, { email: 'ca2@example.com', customAttributes: { plan: 'pro' } });
    const path = (id: number) => url(account.id, `/${id}/destroy_custom_attributes`);
    const empty = await call('POST', path(contact.id), admin.headers, { custom_attributes: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ custom_attributes: ['must name at least one attribute'] });
    expect((await call('POST', path(contact.id), admin.headers, { custom_attributes: [1] })).statusCode).toBe(422);
    expect((await call('POST', path(contact.id), undefined, { custom_attributes: ['plan'] })).statusCode).toBe(401);
    const reader = await customRoleMember(account.id, admin, ['conversation_manage']);
    expect((await call('POST', path(contact.id), reader.headers, { custom_attributes: ['plan'] })).statusCode).toBe(403);
    expect((await call('POST', path(theirs.id), admin.headers, { custom_attributes: ['plan'] })).statusCode).toBe(404);
    expect((await contactRow(contact.id))!.customAttributes).toEqual({ plan: 'pro' });
    expect((await contactRow(theirs.id))!.customAttributes).toEqual({ plan: 'pro' });
  });
});

describe('contact avatars', () => {
  it('S1-7.63 DELETE contacts/{id}/avatar forgets the avatar and removes its file; 401, 403, 404 change nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const created = await injectMultipart(t.app, 'POST', url(account.id), admin.headers, { name: 'Face', email: 'face@example.com', avatar: { data: PNG, filename: 'f.png', type: 'image/png' } });
    const contact = created.json().payload.contact;
    const file = new URL(contact.thumbnail).pathname;
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(200);
    const theirs = (await injectMultipart(t.app, 'POST', url(other.id), otherAdmin.headers, { name: 'Theirs', avatar: { data: PNG, filename: 'f.png', type: 'image/png' } })).json().payload.contact;

    expect((await call('DELETE', url(account.id, `/${contact.id}/avatar`), undefined)).statusCode).toBe(401);
    const reader = await customRoleMember(account.id, admin, ['conversation_manage']);
    expect((await call('DELETE', url(account.id, `/${contact.id}/avatar`), reader.headers)).statusCode).toBe(403);
    expect((await call('DELETE', url(account.id, `/${theirs.id}/avatar`), admin.headers)).statusCode).toBe(404);
    expect((await contactRow(contact.id))!.avatarKey).not.toBeNull();
    expect((await contactRow(theirs.id))!.avatarKey).not.toBeNull();

    const res = await call('DELETE', url(account.id, `/${contact.id}/avatar`), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id: contact.id, thumbnail: '' });
    expect((await contactRow(contact.id))!.avatarKey).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
  });

  it('S1-8.14 avatar_url on create/update is refused (422, nothing written) when it names a private address or is not http(s), with the other attributes\' errors', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.contacts);
    for (const avatar_url of [`${origin}/face.png`, 'http://10.0.0.8/a.png', 'ftp://example.com/a.png']) {
      const res = await call('POST', url(account.id), admin.headers, { name: 'Private', avatar_url });
      expect(res.statusCode, avatar_url).toBe(422);
      expect(Object.keys(res.json().errors), avatar_url).toEqual(['avatar_url']);
    }
    expect(await countRows(t, schema.contacts)).toBe(before);
    // with a taken email and identifier too: every attribute's error at once
    await createContact(t, account.id, { email: 'taken@example.com', identifier: 'taken-id' });
    const all = await call('POST', url(account.id), admin.headers, { name: 'Dup', email: 'TAKEN@example.com', identifier: 'taken-id', avatar_url: 'http://10.0.0.8/a.png' });
    expect(all.statusCode).toBe(422);
    expect(all.json().errors).toEqual({ email: ['has already been taken'], identifier: ['has already been taken'], avatar_url: ['must point to a public address'] });
    expect(await countRows(t, schema.contacts)).toBe(before + 1);
    const contact = await createContact(t, account.id, { email: 'upd@example.com' });
    expect((await call('PATCH', url(account.id, `/${contact.id}`), admin.headers, { name: 'Changed', avatar_url: 'http://[::1]/a.png' })).statusCode).toBe(422);
    expect((await contactRow(contact.id))!.name).not.toBe('Changed');
  });

  it('an accepted avatar_url waits for the job, which drops it when the host cannot be reached', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('POST', url(account.id), admin.headers, { name: 'Later', email: 'later@example.com', avatar_url: 'http://avatar-host.invalid/face.png' });
    expect(res.statusCode).toBe(200);
    const id = res.json().payload.contact.id;
    expect(res.json().payload.contact.thumbnail).toBe('');
    // the job ran (asked for by the request), could not fetch, and cleared the mark; no avatar was set
    await until(async () => (await contactRow(id))!.avatarSourceUrl === null);
    expect((await contactRow(id))!.avatarKey).toBeNull();
  });

  it('the avatar job fetches a waiting avatar_url through the guard, stores an image like an upload and refuses a non-image', async () => {
    const { account } = await createAccountWithAdmin(t);
    const image = await createContact(t, account.id, { email: 'img@example.com', avatarSourceUrl: `${origin}/face.png` });
    const html = await createContact(t, account.id, { email: 'html@example.com', avatarSourceUrl: `${origin}/page.html` });
    const guarded = await createContact(t, account.id, { email: 'guard@example.com', avatarSourceUrl: `${origin}/face.png` });

    // the default guard refuses the local host: nothing stored, the mark is gone
    await t.db.update(schema.contacts).set({ avatarSourceUrl: null }).where(eq(schema.contacts.id, image.id));
    await t.db.update(schema.contacts).set({ avatarSourceUrl: null }).where(eq(schema.contacts.id, html.id));
    expect(await runAvatarFetches(services())).toBe(0);
    expect((await contactRow(guarded.id))!).toMatchObject({ avatarKey: null, avatarSourceUrl: null });

    await t.db.update(schema.contacts).set({ avatarSourceUrl: `${origin}/face.png` }).where(eq(schema.contacts.id, image.id));
    await t.db.update(schema.contacts).set({ avatarSourceUrl: `${origin}/page.html` }).where(eq(schema.contacts.id, html.id));
    let stored = 0;
    const events = await eventsDuring(t, account.id, async () => {
      stored = await runAvatarFetches(services(), { allowPrivateAddresses: true });
    });
    expect(stored).toBe(1);
    const row = (await contactRow(image.id))!;
    expect(row.avatarKey).toMatch(/\.png$/);
    expect(row.avatarSourceUrl).toBeNull();
    expect((await contactRow(html.id))!).toMatchObject({ avatarKey: null, avatarSourceUrl: null });
    const updated = events.filter((e) => e.name === 'contact.updated');
    expect(updated).toHaveLength(1);
    expect((updated[0]!.data as { thumbnail: string }).thumbnail).toMatch(/\/uploads\/avatars\/.+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: new URL((updated[0]!.data as { thumbnail: string }).thumbnail).pathname })).statusCode).toBe(200);
  });
});

describe('GET contacts/{id}/contactable_inboxes', () => {
  it('S1-7.59 lists the visible inboxes that know the contact or can reach it, with the source id', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const api = await createInbox(t, account.id, { name: 'API' });
    const email = await createInbox(t, account.id, { name: 'Mail', channelType: 'Channel::Email' });
    const sms = await createInbox(t, account.id, { name: 'SMS', channelType: 'Channel::Sms' });
    const facebook = await createInbox(t, account.id, { name: 'FB', channelType: 'Channel::FacebookPage' });
    const known = await createInbox(t, account.id, { name: 'Known FB', channelType: 'Channel::FacebookPage' });
    const contact = await createContact(t, account.id, { email: 'reach@example.com' });
    await t.db.insert(schema.contactInboxes).values({ contactId: contact.id, inboxId: known.id, sourceId: 'psid-1', pubsubToken: `tok-${Math.random()}` });

    const res = await call('GET', url(account.id, `/${contact.id}/contactable_inboxes`), admin.headers);
    expect(res.statusCode).toBe(200);
    const payload = res.json().payload as { source_id: string; inbox: { id: number; name: string } }[];
    expect(payload.map((p) => p.inbox.id)).toEqual([api.id, email.id, known.id]);
    expect(payload[1]!.source_id).toBe('reach@example.com');
    expect(payload[2]!.source_id).toBe('psid-1');
    expect(payload[0]!.source_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.map((p) => p.inbox.id)).not.toContain(sms.id);
    expect(payload.map((p) => p.inbox.id)).not.toContain(facebook.id);
  });

  it('shows an agent only their inboxes; 401, 403 for a role without contact access, 404 across accounts', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    await createInbox(t, account.id);
    const contact = await createContact(t, account.id, { email: 'agent-reach@example.com' });
    const theirs = await createContact(t, other.id, { email: 'agent-reach@example.com' });
    const path = (id: number) => url(account.id, `/${id}/contactable_inboxes`);
    expect((await call('GET', path(contact.id), agent.headers)).json().payload.map((p: { inbox: { id: number } }) => p.inbox.id)).toEqual([mine.id]);
    expect((await call('GET', path(contact.id), undefined)).statusCode).toBe(401);
    const reporter = await customRoleMember(account.id, admin, ['report_manage']);
    expect((await call('GET', path(contact.id), reporter.headers)).statusCode).toBe(403);
    expect((await call('GET', path(theirs.id), admin.headers)).statusCode).toBe(404);
  });
});
