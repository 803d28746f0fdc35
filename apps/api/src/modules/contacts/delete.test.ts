import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import type { Services } from '../../lib/context.ts';
import { CONTACT_DELETE_INLINE_MAX, runContactDeletions } from './delete.ts';
import { contactsApi } from './test-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  // no sweep: the delete job runs when DELETE asks for it, or when the test calls it
  t = await buildTestApp({ WEBHOOK_POLL_INTERVAL_MS: '0' });
});
afterAll(() => t.close());
const { contactsUrl: url, call, customRoleMember, contactRow } = contactsApi(() => t);
const services = (): Services => ({ db: t.db, config: t.config, log: t.app.log, mailer: t.mailer, storage: t.app.storage, bus: t.app.bus });

const rowsOf = async (contactId: number) => ({
  contact: (await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, contactId))).length,
  conversations: (await t.db.select().from(schema.conversations).where(eq(schema.conversations.contactId, contactId))).length,
  contactInboxes: (await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.contactId, contactId))).length,
  notes: (await t.db.select().from(schema.contactNotes).where(eq(schema.contactNotes.contactId, contactId))).length,
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('DELETE contacts/{id}', () => {
  it('deletes a contact with its conversations, contact inboxes, notes and avatar at once; contact.deleted; an audit row', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const created = await injectMultipart(t.app, 'POST', url(account.id), admin.headers, { name: 'Gone', email: 'gone@example.com', avatar: { data: PNG, filename: 'g.png', type: 'image/png' } });
    const contact = created.json().payload.contact;
    await createConversation(t, account.id, inbox.id, { contactId: contact.id });
    await call('POST', url(account.id, `/${contact.id}/notes`), admin.headers, { content: 'bye' });
    expect(await rowsOf(contact.id)).toEqual({ contact: 1, conversations: 1, contactInboxes: 1, notes: 1 });

    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('DELETE', url(account.id, `/${contact.id}`), admin.headers);
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await rowsOf(contact.id)).toEqual({ contact: 0, conversations: 0, contactInboxes: 0, notes: 0 });
    const deleted = events.filter((e) => e.name === 'contact.deleted');
    expect(deleted.map((e) => (e.data as { id: number }).id)).toEqual([contact.id]);
    expect((await t.app.inject({ method: 'GET', url: new URL(contact.thumbnail).pathname })).statusCode).toBe(404);
    const audit = await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.auditableId, contact.id));
    expect(audit.filter((a) => a.auditableType === 'Contact').map((a) => a.action)).toEqual(['destroy']);
    expect((await call('GET', url(account.id, `/${contact.id}`), admin.headers)).statusCode).toBe(404);
  });

  it(`a contact with more than ${CONTACT_DELETE_INLINE_MAX} conversations is hidden at once and deleted by the job in batches`, async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const contact = await createContact(t, account.id, { name: 'Busy', email: 'busy@example.com' });
    const other = await createContact(t, account.id, { name: 'Busy neighbour', email: 'neighbour@example.com' });
    for (let i = 0; i < CONTACT_DELETE_INLINE_MAX + 5; i += 1) await createConversation(t, account.id, inbox.id, { contactId: contact.id });
    const kept = await createConversation(t, account.id, inbox.id, { contactId: other.id });

    const events = await eventsDuring(t, account.id, async () => {
      expect((await call('DELETE', url(account.id, `/${contact.id}`), admin.headers)).statusCode).toBe(200);
    });
    expect(events.filter((e) => e.name === 'contact.deleted')).toHaveLength(1);
    // hidden from every contact read right away, whatever the job has done yet
    expect((await call('GET', url(account.id, `/${contact.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, '/search?q=busy'), admin.headers)).json().payload.map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect((await call('DELETE', url(account.id, `/${contact.id}`), admin.headers)).statusCode).toBe(404);

    await until(async () => (await rowsOf(contact.id)).contact === 0);
    expect(await rowsOf(contact.id)).toEqual({ contact: 0, conversations: 0, contactInboxes: 0, notes: 0 });
    expect((await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, kept.id))).length).toBe(1);
    expect(await contactRow(other.id)).toBeDefined();
  });

  it('the job finishes a deletion a dead worker left half-done, and a second run finds nothing', async () => {
    const { account } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const contact = await createContact(t, account.id, { email: 'half@example.com', deletingAt: new Date() });
    for (let i = 0; i < 3; i += 1) await createConversation(t, account.id, inbox.id, { contactId: contact.id });
    expect(await runContactDeletions(services())).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(contact.id)).toEqual({ contact: 0, conversations: 0, contactInboxes: 0, notes: 0 });
    expect(await runContactDeletions(services())).toBe(0);
  });

  it('answers 401, 403 for agents and custom roles without contact_manage, 404 across accounts, deleting nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { email: 'stay@example.com' });
    const theirs = await createContact(t, other.id, { email: 'stay@example.com' });
    expect((await call('DELETE', url(account.id, `/${contact.id}`), undefined)).statusCode).toBe(401);
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('DELETE', url(account.id, `/${contact.id}`), agent.headers)).statusCode).toBe(403);
    const reader = await customRoleMember(account.id, admin, ['conversation_manage']);
    expect((await call('DELETE', url(account.id, `/${contact.id}`), reader.headers)).statusCode).toBe(403);
    expect((await call('DELETE', url(account.id, `/${theirs.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url(other.id, `/${theirs.id}`), admin.headers)).statusCode).toBe(404);
    expect(await contactRow(contact.id)).toBeDefined();
    expect(await contactRow(theirs.id)).toBeDefined();
    const manager = await customRoleMember(account.id, admin, ['contact_manage']);
    expect((await call('DELETE', url(account.id, `/${contact.id}`), manager.headers)).statusCode).toBe(200);
    expect(await contactRow(contact.id)).toBeUndefined();
  });
});
