import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createMember } from '../../../test/factories.ts';
import { contactsApi } from './test-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { contactsUrl: url, call, customRoleMember, createLabels, contactRow } = contactsApi(() => t);

describe('contacts/{id}/labels', () => {
  it('S1-7.60 S1-3.48 reads and replaces the label set (lowercased, deduplicated) and publishes contact.updated', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await createLabels(account.id, ['vip', 'Lead', 'churn']);
    const contact = await createContact(t, account.id, { email: 'l@example.com', labels: ['churn'] });
    const read = await call('GET', url(account.id, `/${contact.id}/labels`), admin.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ payload: ['churn'] });

    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', url(account.id, `/${contact.id}/labels`), admin.headers, { labels: ['VIP', 'lead', 'vip'] });
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payload: ['vip', 'lead'] });
    expect((await contactRow(contact.id))!.labels).toEqual(['vip', 'lead']);
    expect(events.filter((e) => e.name === 'contact.updated').map((e) => (e.data as { id: number }).id)).toEqual([contact.id]);
    // the list filters by them at once (the count cache is dropped by the event)
    expect((await call('GET', url(account.id, '?label=lead'), admin.headers)).json().meta.count).toBe(1);

    expect((await call('POST', url(account.id, `/${contact.id}/labels`), admin.headers, { labels: [] })).json()).toEqual({ payload: [] });
    expect((await contactRow(contact.id))!.labels).toEqual([]);
  });

  it('answers 422 naming labels the account does not have, and for malformed bodies, changing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    await createLabels(account.id, ['vip']);
    await createLabels(other.id, ['foreign']);
    const contact = await createContact(t, account.id, { email: 'l2@example.com', labels: ['vip'] });
    const unknown = await call('POST', url(account.id, `/${contact.id}/labels`), admin.headers, { labels: ['vip', 'foreign', 'ghost'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ labels: ['foreign, ghost are not labels of this account'] });
    const blank = await call('POST', url(account.id, `/${contact.id}/labels`), admin.headers, { labels: [' '] });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['labels.0']);
    expect((await call('POST', url(account.id, `/${contact.id}/labels`), admin.headers, {})).json().errors).toHaveProperty('labels');
    expect((await contactRow(contact.id))!.labels).toEqual(['vip']);
  });

  it('answers 401, 403 for a role that may only read contacts, and 404 for another account’s contact', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    await createLabels(account.id, ['vip']);
    const contact = await createContact(t, account.id, { email: 'l3@example.com' });
    const theirs = await createContact(t, other.id, { email: 'l3@example.com' });
    const body = { labels: ['vip'] };
    expect((await call('GET', url(account.id, `/${contact.id}/labels`), undefined)).statusCode).toBe(401);
    expect((await call('POST', url(account.id, `/${contact.id}/labels`), undefined, body)).statusCode).toBe(401);
    const reader = await customRoleMember(account.id, admin, ['conversation_manage']);
    expect((await call('GET', url(account.id, `/${contact.id}/labels`), reader.headers)).statusCode).toBe(200);
    expect((await call('POST', url(account.id, `/${contact.id}/labels`), reader.headers, body)).statusCode).toBe(403);
    const checker = await createMember(t, account.id, 'checker');
    expect((await call('GET', url(account.id, `/${contact.id}/labels`), checker.headers)).statusCode).toBe(403);
    expect((await call('GET', url(account.id, `/${theirs.id}/labels`), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(account.id, `/${theirs.id}/labels`), admin.headers, body)).statusCode).toBe(404);
    expect((await contactRow(contact.id))!.labels).toEqual([]);
    expect((await contactRow(theirs.id))!.labels).toEqual([]);
  });
});

describe('contacts/{id}/notes', () => {
  it('S1-7.65 S1-3.47 creates (flat or wrapped), lists newest first with the author, and deletes a note', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { email: 'n@example.com' });
    const first = await call('POST', url(account.id, `/${contact.id}/notes`), admin.headers, { content: '  Called about the invoice  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      content: 'Called about the invoice',
      contact_id: contact.id,
      user: { id: admin.user.id, name: expect.any(String), email: admin.user.email, thumbnail: '' },
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const second = await call('POST', url(account.id, `/${contact.id}/notes`), admin.headers, { note: { content: 'Prefers mail' } });
    expect(second.statusCode).toBe(200);
    const list = await call('GET', url(account.id, `/${contact.id}/notes`), admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((n: { content: string }) => n.content)).toEqual(['Prefers mail', 'Called about the invoice']);

    const deleted = await call('DELETE', url(account.id, `/${contact.id}/notes/${first.json().id}`), admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
    expect((await call('GET', url(account.id, `/${contact.id}/notes`), admin.headers)).json().map((n: { id: number }) => n.id)).toEqual([second.json().id]);
  });

  it('answers 422 for blank or too long content, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const contact = await createContact(t, account.id, { email: 'n2@example.com' });
    const before = await countRows(t, schema.contactNotes);
    for (const body of [{ content: '   ' }, {}, { content: 'x'.repeat(20_001) }, { note: { content: '' } }]) {
      const res = await call('POST', url(account.id, `/${contact.id}/notes`), admin.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json().errors).toHaveProperty('content');
    }
    expect(await countRows(t, schema.contactNotes)).toBe(before);
  });

  it('lets only the author or an administrator delete a note (403 otherwise); 401; 403 for readers writing; 404 across accounts', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const colleague = await createMember(t, account.id, 'agent');
    const contact = await createContact(t, account.id, { email: 'n3@example.com' });
    const theirs = await createContact(t, other.id, { email: 'n3@example.com' });
    const note = (await call('POST', url(account.id, `/${contact.id}/notes`), agent.headers, { content: 'mine' })).json();
    const theirNote = (await call('POST', url(other.id, `/${theirs.id}/notes`), otherAdmin.headers, { content: 'theirs' })).json();

    expect((await call('DELETE', url(account.id, `/${contact.id}/notes/${note.id}`), colleague.headers)).statusCode).toBe(403);
    expect((await call('GET', url(account.id, `/${contact.id}/notes`), undefined)).statusCode).toBe(401);
    expect((await call('POST', url(account.id, `/${contact.id}/notes`), undefined, { content: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', url(account.id, `/${contact.id}/notes/${note.id}`), undefined)).statusCode).toBe(401);
    const reader = await customRoleMember(account.id, admin, ['conversation_manage']);
    expect((await call('GET', url(account.id, `/${contact.id}/notes`), reader.headers)).statusCode).toBe(200);
    expect((await call('POST', url(account.id, `/${contact.id}/notes`), reader.headers, { content: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', url(account.id, `/${contact.id}/notes/${note.id}`), reader.headers)).statusCode).toBe(403);
    // another account's contact or note: 404, even through one's own contact
    expect((await call('GET', url(account.id, `/${theirs.id}/notes`), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(account.id, `/${theirs.id}/notes`), admin.headers, { content: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${contact.id}/notes/${theirNote.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${theirs.id}/notes/${theirNote.id}`), admin.headers)).statusCode).toBe(404);
    expect(await countRows(t, schema.contactNotes)).toBeGreaterThanOrEqual(2);
    expect((await call('GET', url(other.id, `/${theirs.id}/notes`), otherAdmin.headers)).json()).toHaveLength(1);

    expect((await call('DELETE', url(account.id, `/${contact.id}/notes/${note.id}`), agent.headers)).statusCode).toBe(200);
    const again = (await call('POST', url(account.id, `/${contact.id}/notes`), agent.headers, { content: 'again' })).json();
    expect((await call('DELETE', url(account.id, `/${contact.id}/notes/${again.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `/${contact.id}/notes`), admin.headers)).json()).toEqual([]);
  });
});
