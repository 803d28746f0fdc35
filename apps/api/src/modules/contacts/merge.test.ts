import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { contactsApi } from './test-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { contactsUrl: url, call, customRoleMember, createLabels, contactRow } = contactsApi(() => t);
const mergeUrl = (accountId: number) => `/api/v1/accounts/${accountId}/actions/contact_merge`;

/** Every (table, column) with a foreign key to contacts, read from the catalog so a new table is covered too. */
async function contactReferences(): Promise<{ table: string; column: string }[]> {
  const result = await t.db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'contacts'::regclass`);
  return (result as unknown as { rows: { table: string; column: string }[] }).rows;
}

async function rowsReferencing(contactId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await contactReferences()) {
    const result = await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${contactId}`);
    counts[`${table}.${column}`] = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  const sent = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.messages).where(and(eq(schema.messages.senderType, 'Contact'), eq(schema.messages.senderId, contactId)));
  counts['messages.sender_id (Contact)'] = sent[0]!.n;
  return counts;
}

async function message(conversation: { id: number; accountId: number; inboxId: number }, senderId: number, content: string) {
  await t.db.insert(schema.messages).values({ accountId: conversation.accountId, inboxId: conversation.inboxId, conversationId: conversation.id, messageType: 'incoming', content, senderType: 'Contact', senderId });
}

describe('POST actions/contact_merge', () => {
  it('S1-7.66 moves conversations, contact inboxes, notes, messages and labels to the base, fills its gaps, deletes the mergee, leaves no orphan', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await createLabels(account.id, ['vip', 'lead']);
    const shared = await createInbox(t, account.id, { name: 'Shared' });
    const onlyMergee = await createInbox(t, account.id, { name: 'Mergee only' });
    const base = await createContact(t, account.id, {
      name: 'Ada',
      email: 'ada@example.com',
      labels: ['vip'],
      additionalAttributes: { city: 'London' },
      customAttributes: { plan: 'pro' },
      lastActivityAt: new Date('2026-01-01T00:00:00Z'),
    });
    const mergee = (
      await injectMultipart(t.app, 'POST', url(account.id), admin.headers, {
        name: 'Ada L.',
        phone_number: '+15550009999',
        identifier: 'crm-ada',
        'additional_attributes[city]': 'Paris',
        'additional_attributes[company_name]': 'Engines',
        'custom_attributes[plan]': 'free',
        'custom_attributes[seats]': '5',
        avatar: { data: PNG, filename: 'a.png', type: 'image/png' },
      })
    ).json().payload.contact;
    await t.db.update(schema.contacts).set({ labels: ['lead', 'vip'], lastActivityAt: new Date('2026-02-01T00:00:00Z') }).where(eq(schema.contacts.id, mergee.id));

    const baseConversation = await createConversation(t, account.id, shared.id, { contactId: base.id });
    const baseInbox = baseConversation.contactInboxId!;
    const clash = await createConversation(t, account.id, shared.id, { contactId: mergee.id }); // the mergee's own contact inbox in the shared inbox
    const moved = await createConversation(t, account.id, onlyMergee.id, { contactId: mergee.id });
    await message(clash, mergee.id, 'from the mergee');
    await message(moved, mergee.id, 'also from the mergee');
    await call('POST', url(account.id, `/${mergee.id}/notes`), admin.headers, { content: 'note on the mergee' });
    await call('POST', url(account.id, `/${base.id}/notes`), admin.headers, { content: 'note on the base' });
    const totals = { conversations: await countRows(t, schema.conversations), notes: await countRows(t, schema.contactNotes), messages: await countRows(t, schema.messages) };

    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', mergeUrl(account.id), admin.headers, { base_contact_id: base.id, mergee_contact_id: mergee.id });
    });
    expect(res.statusCode).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({
      id: base.id,
      name: 'Ada',
      email: 'ada@example.com',
      phone_number: '+15550009999',
      identifier: 'crm-ada',
      additional_attributes: { city: 'London', company_name: 'Engines' },
      custom_attributes: { plan: 'pro', seats: '5' },
      last_activity_at: Math.floor(Date.parse('2026-02-01T00:00:00Z') / 1000),
    });
    expect(merged.thumbnail).toMatch(/\/uploads\/avatars\/.+\.png$/);
    expect((await contactRow(base.id))!.labels.sort()).toEqual(['lead', 'vip']);

    // nothing references the mergee any more, nothing was lost, and the mergee is gone
    expect(Object.values(await rowsReferencing(mergee.id)).every((n) => n === 0)).toBe(true);
    expect(Object.keys(await rowsReferencing(mergee.id))).toEqual(expect.arrayContaining(['contact_inboxes.contact_id', 'conversations.contact_id', 'contact_notes.contact_id']));
    expect(await contactRow(mergee.id)).toBeUndefined();
    expect({ conversations: await countRows(t, schema.conversations), notes: await countRows(t, schema.contactNotes), messages: await countRows(t, schema.messages) }).toEqual(totals);
    const conversations = await t.db.select().from(schema.conversations).where(eq(schema.conversations.contactId, base.id));
    expect(conversations.map((c) => c.id).sort((a, b) => a - b)).toEqual([baseConversation.id, clash.id, moved.id].sort((a, b) => a - b));
    // the clash on the shared inbox kept the base's contact inbox
    expect(conversations.find((c) => c.id === clash.id)!.contactInboxId).toBe(baseInbox);
    const inboxes = await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.contactId, base.id));
    expect(inboxes.map((ci) => ci.inboxId).sort((a, b) => a - b)).toEqual([shared.id, onlyMergee.id].sort((a, b) => a - b));
    for (const c of conversations) if (c.contactInboxId !== null) expect(inboxes.map((ci) => ci.id)).toContain(c.contactInboxId);
    expect((await call('GET', url(account.id, `/${base.id}/notes`), admin.headers)).json()).toHaveLength(2);

    const names = events.map((e) => e.name);
    expect(events.filter((e) => e.name === 'conversation.contact_changed').map((e) => (e.data as { id: number }).id).sort()).toEqual(
      [clash.displayId, moved.displayId].sort(),
    );
    expect(names).toContain('contact.updated');
    expect(events.filter((e) => e.name === 'contact.deleted').map((e) => (e.data as { id: number }).id)).toEqual([mergee.id]);
    const audit = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.auditableType, 'Contact'), eq(schema.auditLogs.auditableId, base.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', associatedType: 'Contact', associatedId: mergee.id, userId: admin.user.id });
  });

  it('answers 422 for missing, malformed or equal ids, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const a = await createContact(t, account.id, { email: 'm1@example.com' });
    const before = await countRows(t, schema.contacts);
    const same = await call('POST', mergeUrl(account.id), admin.headers, { base_contact_id: a.id, mergee_contact_id: a.id });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ mergee_contact_id: ['must differ from base_contact_id'] });
    const missing = await call('POST', mergeUrl(account.id), admin.headers, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['base_contact_id', 'mergee_contact_id']);
    expect((await call('POST', mergeUrl(account.id), admin.headers, { base_contact_id: 'x', mergee_contact_id: -1 })).statusCode).toBe(422);
    expect(await countRows(t, schema.contacts)).toBe(before);
  });

  it('answers 401, 403 for a role without the merge permission, 404 when either contact is another account’s, merging nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const a = await createContact(t, account.id, { email: 'p1@example.com' });
    const b = await createContact(t, account.id, { email: 'p2@example.com' });
    const theirs = await createContact(t, other.id, { email: 'p3@example.com' });
    const body = { base_contact_id: a.id, mergee_contact_id: b.id };
    expect((await call('POST', mergeUrl(account.id), undefined, body)).statusCode).toBe(401);
    const reader = await customRoleMember(account.id, admin, ['conversation_manage']);
    expect((await call('POST', mergeUrl(account.id), reader.headers, body)).statusCode).toBe(403);
    const checker = await createMember(t, account.id, 'checker');
    expect((await call('POST', mergeUrl(account.id), checker.headers, body)).statusCode).toBe(403);
    expect((await call('POST', mergeUrl(account.id), admin.headers, { base_contact_id: a.id, mergee_contact_id: theirs.id })).statusCode).toBe(404);
    expect((await call('POST', mergeUrl(account.id), admin.headers, { base_contact_id: theirs.id, mergee_contact_id: a.id })).statusCode).toBe(404);
    expect((await call('POST', mergeUrl(other.id), admin.headers, body)).statusCode).toBe(404);
    expect(await contactRow(a.id)).toBeDefined();
    expect(await contactRow(b.id)).toBeDefined();
    expect(await contactRow(theirs.id)).toBeDefined();
    // agents may merge
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('POST', mergeUrl(account.id), agent.headers, body)).statusCode).toBe(200);
    expect(await contactRow(b.id)).toBeUndefined();
  });
});
