import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import type { AccountCtx } from '../../lib/context.ts';
import { administratorCtx, buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countingDb as countingOn } from '../../../test/counting-db.ts';
import { createAccountWithAdmin, createConversation, createInbox, type Member } from '../../../test/factories.ts';
import { announce } from '../../lib/events.ts';
import { createActivityMessage, createMessage, serializeMessages } from './service.ts';
import { messageSummaries, UNREAD_COUNT_CAP } from './summaries.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ctxFor = (member: Member, db: Db = t.db): AccountCtx => administratorCtx(t, member, db);

const countingDb = () => countingOn(t.db);

async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const inbox = await createInbox(t, account.id);
  return { account, admin, inbox };
}

type MessageValues = Partial<typeof schema.messages.$inferInsert> & { messageType: 'incoming' | 'outgoing' | 'activity' | 'template' };
async function insert(conversation: { id: number; accountId: number; inboxId: number }, values: MessageValues[]) {
  return t.db
    .insert(schema.messages)
    .values(values.map((v) => ({ accountId: conversation.accountId, inboxId: conversation.inboxId, conversationId: conversation.id, content: 'x', ...v })))
    .returning();
}

describe('messageSummaries', () => {
  it('S1-4.30 S1-4.31 S1-4.32 unread = incoming, non-private messages newer than agent_last_seen_at; last and last non-activity messages', async () => {
    const { account, inbox } = await setup();
    const conv = await createConversation(t, account.id, inbox.id);
    const seen = new Date(Date.now() - 60_000);
    await insert(conv, [
      { messageType: 'incoming', createdAt: new Date(seen.getTime() - 1000) }, // seen already
      { messageType: 'incoming', createdAt: seen }, // not newer than the last seen time
      { messageType: 'incoming' },
      { messageType: 'incoming' },
      { messageType: 'incoming', private: true },
      { messageType: 'outgoing' },
    ]);
    const [lastNonActivity] = await insert(conv, [{ messageType: 'outgoing', content: 'latest reply' }]);
    const [activity] = await insert(conv, [{ messageType: 'activity', content: 'Conversation was resolved' }]);
    const empty = await createConversation(t, account.id, inbox.id);
    const never = await createConversation(t, account.id, inbox.id);
    await insert(never, [{ messageType: 'incoming' }, { messageType: 'incoming' }]);

    const summaries = await messageSummaries(t.db, account.id, [
      { id: conv.id, agentLastSeenAt: seen },
      { id: empty.id, agentLastSeenAt: null },
      { id: never.id, agentLastSeenAt: null },
    ]);
    const summary = summaries.get(conv.id)!;
    expect(summary.unreadCount).toBe(2);
    expect(summary.last).toMatchObject({ id: activity!.id, message_type: 2, conversation_id: conv.displayId });
    expect(summary.lastNonActivity).toMatchObject({ id: lastNonActivity!.id, content: 'latest reply', message_type: 1 });
    expect(summaries.get(empty.id)).toEqual({ last: null, lastNonActivity: null, unreadCount: 0 });
    expect(summaries.get(never.id)!.unreadCount).toBe(2);
  });

  it('caps the unread count at 100 and ignores other accounts\' conversations', async () => {
    const { account, inbox } = await setup();
    const conv = await createConversation(t, account.id, inbox.id);
    await insert(conv, Array.from({ length: 130 }, () => ({ messageType: 'incoming' as const })));
    const other = await setup();
    const foreign = await createConversation(t, other.account.id, other.inbox.id);
    await insert(foreign, [{ messageType: 'incoming' }]);
    const summaries = await messageSummaries(t.db, account.id, [
      { id: conv.id, agentLastSeenAt: null },
      { id: foreign.id, agentLastSeenAt: null },
    ]);
    expect(summaries.get(conv.id)!.unreadCount).toBe(UNREAD_COUNT_CAP);
    expect(summaries.has(foreign.id)).toBe(false);
  });

  it('a page of 25 conversations costs two statements, with senders and attachments', async () => {
    const { account, admin, inbox } = await setup();
    const page = [];
    for (let i = 0; i < 25; i++) {
      const conv = await createConversation(t, account.id, inbox.id);
      const [m] = await insert(conv, [{ messageType: 'incoming', senderType: 'Contact', senderId: conv.contactId }, { messageType: 'outgoing', senderType: 'User', senderId: admin.user.id }]);
      await t.db.insert(schema.attachments).values({ accountId: account.id, messageId: m!.id + 1, fileType: 'image', storageKey: 'attachments/abcdefghijklmnopqrstuvwx.png', fileName: 'a.png' });
      page.push({ id: conv.id, agentLastSeenAt: null });
    }
    const { db, count } = countingDb();
    const summaries = await messageSummaries(db, account.id, page, t.app.storage);
    expect(count()).toBe(2);
    expect(summaries.size).toBe(25);
    for (const summary of summaries.values()) {
      expect(summary.last).toMatchObject({ sender: { id: admin.user.id, type: 'user' }, attachments: [{ file_type: 'image', data_url: 'http://localhost:3000/uploads/attachments/abcdefghijklmnopqrstuvwx.png' }] });
      expect(summary.unreadCount).toBe(1);
    }
  });
});

describe('serializeMessages', () => {
  it('loads display ids, senders and attachments in one batch per kind', async () => {
    const { account, admin, inbox } = await setup();
    const a = await createConversation(t, account.id, inbox.id);
    const b = await createConversation(t, account.id, inbox.id);
    const rows = [
      ...(await insert(a, [{ messageType: 'incoming', senderType: 'Contact', senderId: a.contactId }, { messageType: 'outgoing', senderType: 'User', senderId: admin.user.id }])),
      ...(await insert(b, [{ messageType: 'incoming', senderType: 'Contact', senderId: b.contactId }, { messageType: 'activity' }])),
    ];
    await t.db.insert(schema.attachments).values({ accountId: account.id, messageId: rows[1]!.id, fileType: 'file', storageKey: 'attachments/abcdefghijklmnopqrstuvwx.pdf', fileName: 'a.pdf', byteSize: 10 });
    const { db, count } = countingDb();
    const messages = await serializeMessages({ db, accountId: account.id, storage: t.app.storage }, rows);
    expect(count()).toBe(4); // conversations, attachments, users, contacts (no bots)
    expect(messages.map((m) => m.conversation_id)).toEqual([a.displayId, a.displayId, b.displayId, b.displayId]);
    expect(messages[0]!.sender).toMatchObject({ id: a.contactId, type: 'contact' });
    expect(messages[1]!.sender).toMatchObject({ id: admin.user.id, type: 'user' });
    expect(messages[1]!.attachments).toEqual([expect.objectContaining({ file_type: 'file', extension: 'pdf', file_size: 10, thumb_url: '' })]);
    expect(messages[3]).toMatchObject({ sender: null, message_type: 2, attachments: [] });
  });
});

describe('createMessage and createActivityMessage for the conversations module', () => {
  it('createMessage runs inside the caller\'s transaction: a rollback leaves nothing', async () => {
    const { account, admin, inbox } = await setup();
    const conv = await createConversation(t, account.id, inbox.id);
    await expect(
      t.db.transaction(async (tx) => {
        const created = await createMessage(ctxFor(admin), conv, { content: 'Welcome', template_params: { name: 'hello' } }, tx);
        expect(created).toMatchObject({ created: true, message: { content: 'Welcome', additional_attributes: { template_params: { name: 'hello' } } } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.db.select().from(schema.messages).where(eq(schema.messages.conversationId, conv.id))).toHaveLength(0);

    const created = await t.db.transaction((tx) => createMessage(ctxFor(admin), conv, { content: 'Welcome' }, tx));
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
    await announce(ctxFor(admin), created.entries, created.known);
    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    // Only the created event: the relay may already be settling the reply (an API inbox without a webhook_url marks
    // it sent), which publishes message.updated in the same moment.
    expect(events.filter((e) => e.accountId === account.id && e.name === 'message.created')).toEqual([
      expect.objectContaining({ name: 'message.created', inboxId: inbox.id, data: expect.objectContaining({ id: created.message.id, conversation: { assignee_id: null, last_activity_at: created.message.created_at } }) }),
    ]);
  });

  it('an activity message is sent, has no sender, moves last_activity_at and is published from its row', async () => {
    const { account, admin, inbox } = await setup();
    const old = new Date(Date.now() - 3600_000);
    const conv = await createConversation(t, account.id, inbox.id, { lastActivityAt: old });
    const { row, entry } = await t.db.transaction((tx) => createActivityMessage(tx, { accountId: account.id, inboxId: inbox.id, conversationId: conv.id, content: 'Conversation was resolved by Admin' }));
    // nothing outside hears of an activity message: no outbox row
    expect(entry).toMatchObject({ name: 'message.created', screensOnly: true });
    expect(await t.db.select().from(schema.outboxEvents).where(sql`${schema.outboxEvents.subject}->>'messageId' = ${String(row.id)}`)).toEqual([]);
    expect(row).toMatchObject({ messageType: 'activity', status: 'sent', senderType: null, private: false });
    const [after] = await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, conv.id));
    expect(after!.lastActivityAt.getTime()).toBeGreaterThan(old.getTime());
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
    await announce(ctxFor(admin), [entry]);
    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    expect(events.filter((e) => e.accountId === account.id)).toEqual([
      expect.objectContaining({ name: 'message.created', data: expect.objectContaining({ id: row.id, message_type: 2, conversation_id: conv.displayId, sender: null }) }),
    ]);
  });
});
