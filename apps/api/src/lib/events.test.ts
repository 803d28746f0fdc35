import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { countingDb as countingOn } from '../../test/counting-db.ts';
import { createAccountWithAdmin, createConversation, createInbox } from '../../test/factories.ts';
import type { Services } from './context.ts';
import { announce, presentEntries, type EventEntry } from './events.ts';

let t: TestContext;
let services: Services;
beforeAll(async () => {
  // no workers: the outbox rows stay for the test to read and present as the relay would
  t = await buildTestApp({ RUN_WORKERS: 'false' });
  services = { db: t.db, config: t.config, log: t.app.log, mailer: t.mailer, storage: t.app.storage, bus: t.app.bus };
});
afterAll(() => t.close());

/** What the bus carries while `work` runs (screens hear exactly this). */
async function heard(work: () => Promise<unknown>): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
  try {
    await work();
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    unsubscribe();
  }
  return events;
}

const countingDb = () => countingOn(t.db);

const outboxRowsOf = (accountId: number) =>
  t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.accountId, accountId)).orderBy(asc(schema.outboxEvents.id));

const entryOf = (row: typeof schema.outboxEvents.$inferSelect): EventEntry => ({ name: row.name as EventEntry['name'], accountId: row.accountId, inboxId: row.inboxId, subject: row.subject });

describe('one event record', () => {
  it('a contact reopening a resolved conversation: screens and the relay present the same recorded entries, changed_attributes included', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const conversation = await createConversation(t, account.id, inbox.id, { status: 'resolved' });
    const url = `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`;
    const events = await heard(async () => {
      const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { content: 'Back again', message_type: 'incoming' } });
      expect(response.statusCode).toBe(200);
    });
    const screens = events.filter((e) => e.accountId === account.id);
    expect(screens.map((e) => e.name)).toEqual(['message.created', 'conversation.status_changed']);

    // the outbox holds the same two events, with what the reopen did recorded beside it
    const rows = await outboxRowsOf(account.id);
    expect(rows.map((r) => [r.name, r.lane])).toEqual([
      ['message.created', 'inbound'],
      ['conversation.status_changed', 'inbound'],
    ]);
    const changed = { status: { previous_value: 'resolved', current_value: 'open' } };
    expect(rows[1]!.subject.data).toEqual({ changed_attributes: changed });
    expect((screens[1]!.data as { changed_attributes?: unknown }).changed_attributes).toEqual(changed);

    // presented as the relay presents them (from the rows, nothing known): what the screens heard
    const relayed = await presentEntries(services, t.db, rows.map(entryOf));
    expect(relayed.events).toEqual(screens);
  });

  it('an activity message reaches screens but writes no outbox row; message.resend reaches the relay but never screens', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const conversation = await createConversation(t, account.id, inbox.id);
    const base = `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}`;
    const events = await heard(() => t.app.inject({ method: 'POST', url: `${base}/toggle_priority`, headers: admin.headers, payload: { priority: 'high' } }));
    expect(events.filter((e) => e.accountId === account.id).map((e) => [e.name, (e.data as { message_type?: number }).message_type])).toEqual([
      ['message.created', 2],
      ['conversation.updated', undefined],
    ]);
    expect((await outboxRowsOf(account.id)).map((r) => r.name)).toEqual(['conversation.updated']);

    const [message] = await t.db.select().from(schema.messages).where(and(eq(schema.messages.conversationId, conversation.id), eq(schema.messages.messageType, 'activity')));
    const resend: EventEntry = { name: 'message.resend', accountId: account.id, inboxId: inbox.id, subject: { messageId: message!.id, conversationId: conversation.id } };
    expect(await heard(() => announce(services, [resend]))).toEqual([]);
    const { events: relayed } = await presentEntries(services, t.db, [resend]);
    expect(relayed).toEqual([expect.objectContaining({ name: 'message.created', data: expect.objectContaining({ id: message!.id }) })]);
  });

  it('a subject the caller holds is not loaded again, and a gone subject presents nothing', async () => {
    const { account } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const conversation = await createConversation(t, account.id, inbox.id);
    const [row] = await t.db.insert(schema.messages).values({ accountId: account.id, inboxId: inbox.id, conversationId: conversation.id, content: 'stored', messageType: 'outgoing' }).returning();
    const entry: EventEntry = { name: 'message.updated', accountId: account.id, inboxId: inbox.id, subject: { messageId: row!.id, conversationId: conversation.id } };
    const [stored] = (await presentEntries(services, t.db, [entry])).events;
    expect(stored).toMatchObject({ name: 'message.updated', data: { id: row!.id, content: 'stored' } });

    const held = { message: { ...(stored!.data as never as { content: string }), content: 'as the caller holds it' } as never, assigneeId: null };
    const counting = countingDb();
    const [known] = (await presentEntries(services, counting.db, [entry], { known: [{ kind: 'message', accountId: account.id, id: row!.id, value: held }] })).events;
    expect(known).toMatchObject({ data: { content: 'as the caller holds it' } });
    expect(counting.count()).toBe(0);

    await t.db.delete(schema.messages).where(eq(schema.messages.id, row!.id));
    expect((await presentEntries(services, t.db, [entry])).events).toEqual([null]);
  });

  it('presenting a batch takes a fixed number of statements, however many entries it holds', async () => {
    const { account } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const conversations = await Promise.all([0, 1, 2].map(() => createConversation(t, account.id, inbox.id)));
    const rows = await t.db
      .insert(schema.messages)
      .values(conversations.flatMap((c) => Array.from({ length: 8 }, (_, i) => ({ accountId: account.id, inboxId: inbox.id, conversationId: c.id, content: `m${i}`, messageType: 'incoming' as const }))))
      .returning();
    const entriesFor = (messages: typeof rows) => [
      ...messages.map((m): EventEntry => ({ name: 'message.created', accountId: account.id, inboxId: inbox.id, subject: { messageId: m.id, conversationId: m.conversationId } })),
      ...[...new Set(messages.map((m) => m.conversationId))].map((id): EventEntry => ({ name: 'conversation.updated', accountId: account.id, inboxId: inbox.id, subject: { conversationId: id } })),
    ];
    const one = countingDb();
    const single = await presentEntries(services, one.db, entriesFor(rows.slice(0, 1)));
    const all = countingDb();
    const batch = await presentEntries(services, all.db, entriesFor(rows));
    expect(single.events.every(Boolean)).toBe(true);
    expect(batch.events).toHaveLength(27);
    expect(batch.events.every(Boolean)).toBe(true);
    expect(all.count()).toBe(one.count());
  });

  it('an entry no module presents is refused, never dropped silently', async () => {
    const entry = { name: 'conversation.vanished', accountId: 1, subject: {} } as unknown as EventEntry;
    await expect(presentEntries(services, t.db, [entry])).rejects.toThrow('no presenter is registered for conversation.vanished');
    await expect(announce(services, [entry])).rejects.toThrow('no presenter');
    // nothing was written for it either
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.outboxEvents).where(eq(schema.outboxEvents.name, 'conversation.vanished'))).toEqual([{ n: 0 }]);
  });
});
