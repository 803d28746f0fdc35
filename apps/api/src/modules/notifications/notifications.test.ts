import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { connect, schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { NotificationListSchema, NotificationSchema, NotificationSettingsSchema } from '@app/shared/notifications';
import { canSee } from '../../lib/realtime/scope.ts';
import { accessFrom } from '../../lib/member-access.ts';
import { agentPayload, conversationPayload } from '../../../test/event-payloads.ts';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createConversation, createInbox, createMember, type Member } from '../../../test/factories.ts';
import { createNotificationsForEvent } from './create.ts';
import { insertNotificationRows } from './queries.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/notifications${rest}`;
const settingsUrl = (accountId: number) => `/api/v1/accounts/${accountId}/notification_settings`;

type Conversation = Awaited<ReturnType<typeof createConversation>>;
type NotificationInsert = typeof schema.notifications.$inferInsert;

/** An account with an administrator, two agents who work one API inbox, and a conversation in it. */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann Agent' });
  const bob = await createMember(t, account.id, 'agent', { name: 'Bob Agent' });
  const inbox = await createInbox(t, account.id, { name: 'Support', members: [ann.user.id, bob.user.id] });
  const conversation = await createConversation(t, account.id, inbox.id);
  const conversationUrl = (c: Conversation, rest = '') => `/api/v1/accounts/${account.id}/conversations/${c.displayId}${rest}`;
  return { account, admin, ann, bob, inbox, conversation, conversationUrl };
}

/** A notification row written directly, for the tests of the routes (creation has its own tests). */
async function notify(member: Member, conversation: Conversation, values: Partial<NotificationInsert> = {}) {
  const [row] = await t.db
    .insert(schema.notifications)
    .values({ accountId: member.accountId, userId: member.user.id, notificationType: 'conversation_assignment', primaryActorId: conversation.id, ...values })
    .returning();
  return row!;
}

const rowsOf = (userId: number) => t.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId)).orderBy(schema.notifications.id);
const rowById = async (id: number) => (await t.db.select().from(schema.notifications).where(eq(schema.notifications.id, id)))[0];

/** Notifications are made by a bus listener after the change: wait until the condition holds. */
async function waitFor<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
const notificationEvents = (events: DomainEvent[]) => events.filter((e) => e.name.startsWith('notification.'));

describe('GET notifications', () => {
  it('S1-7.111 S0-3.29 S0-3.30 S0-3.31 S1-3.27 lists the caller’s own notifications in Chatwoot’s shape with {data: {meta, payload}}', async () => {
    const { account, admin, ann, conversation, conversationUrl } = await setup();
    expect((await call('POST', conversationUrl(conversation, '/assignments'), admin.headers, { assignee_id: ann.user.id })).statusCode).toBe(200);
    await waitFor(() => rowsOf(ann.user.id), (rows) => rows.length === 1);
    const [assigned] = await rowsOf(ann.user.id);
    await notify(admin, conversation); // someone else's

    const res = await call('GET', url(account.id), ann.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(NotificationListSchema.parse(body)).toBeTruthy();
    expect(body.data.meta).toEqual({ unread_count: 1, count: 1, current_page: 1 });
    expect(body.data.payload).toHaveLength(1);
    const item = body.data.payload[0];
    expect(item).toMatchObject({
      id: assigned!.id,
      account_id: account.id,
      notification_type: 'conversation_assignment',
      push_message_title: `A conversation (#${conversation.displayId}) has been assigned to you`,
      primary_actor_type: 'Conversation',
      primary_actor_id: conversation.id,
      primary_actor: { id: conversation.displayId, inbox_id: conversation.inboxId, meta: { assignee: { id: ann.user.id, name: 'Ann Agent', thumbnail: expect.any(String) } } },
      read_at: null,
      snoozed_until: null,
      secondary_actor: { id: admin.user.id, type: 'user' }, // who assigned
      user: { id: ann.user.id, name: 'Ann Agent', type: 'user', available_name: 'Ann Agent' },
      meta: {},
    });
    expect(item.created_at).toBe(Math.floor(assigned!.createdAt.getTime() / 1000));
    expect(item.last_activity_at).toBe(Math.floor(assigned!.lastActivityAt.getTime() / 1000));
  });

  it('S1-7.111 S0-4.35 without includes lists unread, unsnoozed ones; includes[]=read and includes[]=snoozed add those; sort_order orders by last activity', async () => {
    const { account, ann, conversation } = await setup();
    const now = Date.now();
    const older = await notify(ann, conversation, { lastActivityAt: new Date(now - 60_000) });
    const newer = await notify(ann, conversation, { lastActivityAt: new Date(now - 1_000) });
    const read = await notify(ann, conversation, { lastActivityAt: new Date(now - 30_000), readAt: new Date() });
    const snoozed = await notify(ann, conversation, { lastActivityAt: new Date(now - 20_000), snoozedUntil: new Date(now + 3_600_000) });
    // a snooze that has run out no longer hides
    const woken = await notify(ann, conversation, { lastActivityAt: new Date(now - 10_000), snoozedUntil: new Date(now - 1_000) });

    const ids = async (query: string) => {
      const res = await call('GET', url(account.id, query), ann.headers);
      expect(res.statusCode, query).toBe(200);
      return res.json().data;
    };
    const plain = await ids('');
    expect(plain.payload.map((n: { id: number }) => n.id)).toEqual([newer.id, woken.id, older.id]);
    expect(plain.meta).toMatchObject({ unread_count: 3, count: 3 });

    const withRead = await ids('?includes[]=read');
    expect(withRead.payload.map((n: { id: number }) => n.id)).toEqual([newer.id, woken.id, read.id, older.id]);
    expect(withRead.meta).toMatchObject({ unread_count: 3, count: 4 });
    expect(withRead.payload.find((n: { id: number }) => n.id === read.id).read_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));

    const all = await ids('?includes[]=read&includes[]=snoozed&sort_order=asc');
    expect(all.payload.map((n: { id: number }) => n.id)).toEqual([older.id, read.id, snoozed.id, woken.id, newer.id]);
    expect(all.meta).toMatchObject({ unread_count: 4, count: 5 });
    expect(all.payload.find((n: { id: number }) => n.id === snoozed.id).snoozed_until).toBe(snoozed.snoozedUntil!.toISOString());
    // the same filter as a plain list, as some clients send it
    expect((await ids('?includes=snoozed,read')).meta.count).toBe(5);
  });

  it('S0-9.23 S1-5.47 S1-5.48 S1-9.08 pages hold 15: with 16 the first page is full (not fully loaded), the second has 1 (fully loaded)', async () => {
    const { account, ann, conversation } = await setup();
    const base = Date.now() - 100_000;
    await t.db
      .insert(schema.notifications)
      .values(Array.from({ length: 16 }, (_, i) => ({ accountId: account.id, userId: ann.user.id, notificationType: 'conversation_mention' as const, primaryActorId: conversation.id, lastActivityAt: new Date(base + i * 1000) })));
    const first = (await call('GET', url(account.id, '?page=1'), ann.headers)).json().data;
    const second = (await call('GET', url(account.id, '?page=2'), ann.headers)).json().data;
    expect(first.payload).toHaveLength(15);
    expect(second.payload).toHaveLength(1);
    expect(first.meta).toEqual({ unread_count: 16, count: 16, current_page: 1 });
    expect(second.meta).toEqual({ unread_count: 16, count: 16, current_page: 2 });
    const seen = new Set([...first.payload, ...second.payload].map((n: { id: number }) => n.id));
    expect(seen.size).toBe(16);
  });

  it('answers 422 for a bad page, sort_order or includes', async () => {
    const { account, ann } = await setup();
    for (const query of ['?page=0', '?page=abc', '?sort_order=sideways', '?includes[]=archived']) {
      const res = await call('GET', url(account.id, query), ann.headers);
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe('GET notifications/unread_count', () => {
  it('S1-7.112 S0-7.44 S0-2.77 answers a bare integer: unread and not snoozed, the caller’s own only', async () => {
    const { account, admin, ann, conversation } = await setup();
    await notify(ann, conversation);
    await notify(ann, conversation);
    await notify(ann, conversation, { readAt: new Date() });
    await notify(ann, conversation, { snoozedUntil: new Date(Date.now() + 60_000) });
    await notify(admin, conversation);
    const res = await call('GET', url(account.id, '/unread_count'), ann.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('2');
    expect(res.json()).toBe(2);
    // the .json suffix Chatwoot clients send
    expect((await call('GET', url(account.id, '/unread_count.json'), admin.headers)).json()).toBe(1);
  });
});

describe('POST notifications/read_all', () => {
  it('S1-7.113 S0-7.42 S0-7.43 S0-4.38 marks every unread notification read, or with primary_actor_type and primary_actor_id only that conversation’s', async () => {
    const { account, admin, ann, inbox, conversation } = await setup();
    const other = await createConversation(t, account.id, inbox.id);
    const a = await notify(ann, conversation);
    const b = await notify(ann, other);
    const adminOwn = await notify(admin, conversation);

    const one = await call('POST', url(account.id, '/read_all'), ann.headers, { primary_actor_type: 'Conversation', primary_actor_id: conversation.id });
    expect(one.statusCode).toBe(200);
    expect((await rowById(a.id))!.readAt).not.toBeNull();
    expect((await rowById(b.id))!.readAt).toBeNull();
    expect((await call('GET', url(account.id, '/unread_count'), ann.headers)).json()).toBe(1);

    expect((await call('POST', url(account.id, '/read_all'), ann.headers)).statusCode).toBe(200);
    expect((await rowById(b.id))!.readAt).not.toBeNull();
    expect((await call('GET', url(account.id, '/unread_count'), ann.headers)).json()).toBe(0);
    // another user's are not touched
    expect((await rowById(adminOwn.id))!.readAt).toBeNull();
  });

  it('answers 422 when only one of primary_actor_type and primary_actor_id is given, or another type, marking nothing', async () => {
    const { account, ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    for (const body of [{ primary_actor_id: conversation.id }, { primary_actor_type: 'Conversation' }, { primary_actor_type: 'Message', primary_actor_id: 1 }, { primary_actor_type: 'Conversation', primary_actor_id: 'x' }]) {
      const res = await call('POST', url(account.id, '/read_all'), ann.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().attributes.length).toBeGreaterThan(0);
    }
    expect((await rowById(row.id))!.readAt).toBeNull();
  });
});

describe('one notification: read, unread, snooze, delete', () => {
  it('S1-7.114 S1-4.27 S0-4.36 PATCH marks read and POST unread marks unread, each answering the notification and telling only its user', async () => {
    const { account, ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('PATCH', url(account.id, `/${row.id}`), ann.headers);
    });
    expect(res!.statusCode).toBe(200);
    const readOne = NotificationSchema.parse(res!.json());
    expect(readOne).toMatchObject({ id: row.id, read_at: expect.stringMatching(/^\d{4}-/) });
    const firstReadAt = (await rowById(row.id))!.readAt;
    expect(firstReadAt).not.toBeNull();
    expect(notificationEvents(events)).toEqual([
      { name: 'notification.updated', accountId: account.id, userId: ann.user.id, data: { notification: expect.objectContaining({ id: row.id, read_at: readOne.read_at }), unread_count: 0, count: 1 } },
    ]);
    // reading again keeps the first read time
    await call('PATCH', url(account.id, `/${row.id}`), ann.headers);
    expect((await rowById(row.id))!.readAt).toEqual(firstReadAt);

    const unread = await call('POST', url(account.id, `/${row.id}/unread`), ann.headers);
    expect(unread.statusCode).toBe(200);
    expect(unread.json()).toMatchObject({ id: row.id, read_at: null });
    expect((await rowById(row.id))!.readAt).toBeNull();
    expect((await call('GET', url(account.id, '/unread_count'), ann.headers)).json()).toBe(1);
  });

  it('S1-7.116 S1-4.28 POST snooze takes snoozed_until (unix seconds or ISO time): hidden from the list and the unread count until then', async () => {
    const { account, ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    const until = Math.floor(Date.now() / 1000) + 3600;
    const res = await call('POST', url(account.id, `/${row.id}/snooze`), ann.headers, { snoozed_until: until });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, snoozed_until: new Date(until * 1000).toISOString() });
    expect((await rowById(row.id))!.snoozedUntil).toEqual(new Date(until * 1000));
    expect((await call('GET', url(account.id), ann.headers)).json().data.payload).toEqual([]);
    expect((await call('GET', url(account.id, '/unread_count'), ann.headers)).json()).toBe(0);
    expect((await call('GET', url(account.id, '?includes[]=snoozed'), ann.headers)).json().data.payload).toHaveLength(1);

    const iso = new Date(Date.now() + 7_200_000).toISOString();
    expect((await call('POST', url(account.id, `/${row.id}/snooze`), ann.headers, { snoozed_until: iso })).json().snoozed_until).toBe(iso);
    expect((await call('POST', url(account.id, `/${row.id}/snooze`), ann.headers, { snoozed_until: String(until) })).statusCode).toBe(200);
  });

  it('answers 422 on snoozed_until when it is missing, not a time or in the past, changing nothing', async () => {
    const { account, ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    for (const body of [{}, { snoozed_until: 'tomorrow-ish' }, { snoozed_until: Math.floor(Date.now() / 1000) - 60 }, { snoozed_until: null }, { snoozed_until: '' }]) {
      const res = await call('POST', url(account.id, `/${row.id}/snooze`), ann.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().attributes).toContain('snoozed_until');
    }
    expect((await rowById(row.id))!.snoozedUntil).toBeNull();
  });

  it('S1-7.117 S1-4.29 DELETE deletes it and sends notification.deleted {notification: {id}, unread_count, count} to its user', async () => {
    const { account, ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    await notify(ann, conversation, { readAt: new Date() });
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('DELETE', url(account.id, `/${row.id}`), ann.headers);
    });
    expect(res!.statusCode).toBe(200);
    expect(await rowById(row.id)).toBeUndefined();
    expect(notificationEvents(events)).toEqual([
      { name: 'notification.deleted', accountId: account.id, userId: ann.user.id, data: { notification: { id: row.id }, unread_count: 0, count: 1 } },
    ]);
    expect((await call('DELETE', url(account.id, `/${row.id}`), ann.headers)).statusCode).toBe(404);
  });
});

describe('POST notifications/destroy_all', () => {
  it('S1-7.115 type read deletes the read ones, type all every one of the caller’s', async () => {
    const { account, admin, ann, conversation } = await setup();
    const unread = await notify(ann, conversation);
    await notify(ann, conversation, { readAt: new Date() });
    const adminRead = await notify(admin, conversation, { readAt: new Date() });
    expect((await call('POST', url(account.id, '/destroy_all'), ann.headers, { type: 'read' })).statusCode).toBe(200);
    expect((await rowsOf(ann.user.id)).map((r) => r.id)).toEqual([unread.id]);
    expect((await call('POST', url(account.id, '/destroy_all'), ann.headers, { type: 'all' })).statusCode).toBe(200);
    expect(await rowsOf(ann.user.id)).toEqual([]);
    expect(await rowById(adminRead.id)).toBeDefined();
  });

  it('answers 422 on type when it is missing or neither read nor all, deleting nothing', async () => {
    const { account, ann, conversation } = await setup();
    await notify(ann, conversation, { readAt: new Date() });
    const before = await countRows(t, schema.notifications);
    for (const body of [{}, { type: 'unread' }, { type: 1 }]) {
      const res = await call('POST', url(account.id, '/destroy_all'), ann.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().attributes).toEqual(['type']);
    }
    expect(await countRows(t, schema.notifications)).toBe(before);
  });
});

describe('notification settings', () => {
  it('S1-7.132 S1-3.36 GET answers the defaults (assignment by e-mail and push); PATCH replaces the lists given, flat or wrapped', async () => {
    const { account, ann } = await setup();
    const res = await call('GET', settingsUrl(account.id), ann.headers);
    expect(res.statusCode).toBe(200);
    const initial = NotificationSettingsSchema.parse(res.json());
    expect(initial).toMatchObject({
      user_id: ann.user.id,
      account_id: account.id,
      selected_email_flags: ['email_conversation_assignment'],
      selected_push_flags: ['push_conversation_assignment'],
    });
    expect(initial.all_email_flags).toContain('email_conversation_creation');
    expect(initial.all_push_flags).toContain('push_participating_conversation_new_message');

    const wrappedBody = { notification_settings: { selected_email_flags: ['email_conversation_mention'], selected_push_flags: ['push_conversation_creation', 'push_conversation_creation'] } };
    const updated = await call('PATCH', settingsUrl(account.id), ann.headers, wrappedBody);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: initial.id, selected_email_flags: ['email_conversation_mention'], selected_push_flags: ['push_conversation_creation'] });
    const flat = await call('PUT', settingsUrl(account.id), ann.headers, { selected_email_flags: [] });
    expect(flat.json()).toMatchObject({ selected_email_flags: [], selected_push_flags: ['push_conversation_creation'] });
    expect((await call('GET', settingsUrl(account.id), ann.headers)).json()).toEqual(flat.json());
  });

  it('answers 422 for an unknown flag or a list that is not one, writing nothing', async () => {
    const { account, bob } = await setup();
    const before = await countRows(t, schema.notificationSettings);
    for (const body of [{ selected_email_flags: ['email_everything'] }, { selected_push_flags: ['email_conversation_mention'] }, { selected_push_flags: 'push_conversation_creation' }]) {
      const res = await call('PATCH', settingsUrl(account.id), bob.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await countRows(t, schema.notificationSettings)).toBe(before);
  });
});

describe('the counts', () => {
  it('S1-7.112 unread and total counts stay those of the rows through every change: create, read, unread, snooze, delete, read_all, destroy_all, cascades', async () => {
    const { account, admin, ann, bob, inbox, conversation } = await setup();
    const other = await createConversation(t, account.id, inbox.id);
    // what the triggers keep against what the rows say, for both agents
    const expectCounts = async () => {
      for (const member of [ann, bob]) {
        const rows = await rowsOf(member.user.id);
        const unread = rows.filter((r) => r.readAt === null && (r.snoozedUntil === null || r.snoozedUntil <= new Date())).length;
        const res = await call('GET', url(account.id, '/unread_count'), member.headers);
        expect(res.json(), `unread of ${member.user.name}`).toBe(unread);
        const [stored] = await t.db.select().from(schema.notificationCounts).where(and(eq(schema.notificationCounts.accountId, account.id), eq(schema.notificationCounts.userId, member.user.id)));
        expect(stored?.total ?? 0, `total of ${member.user.name}`).toBe(rows.length);
        expect(stored?.unread ?? 0, `unread or snoozed of ${member.user.name}`).toBe(rows.filter((r) => r.readAt === null).length);
      }
    };
    // one statement inserting several users' rows at once, as the relay does
    await t.db.insert(schema.notifications).values(
      [ann, ann, bob, ann, bob].map((m, i) => ({ accountId: account.id, userId: m.user.id, notificationType: 'conversation_assignment' as const, primaryActorId: i < 3 ? conversation.id : other.id })),
    );
    await expectCounts();
    const [first, second, third] = await rowsOf(ann.user.id);
    expect((await call('PATCH', url(account.id, `/${first!.id}`), ann.headers)).statusCode).toBe(200);
    await expectCounts();
    expect((await call('PATCH', url(account.id, `/${first!.id}`), ann.headers)).statusCode).toBe(200); // read again: no change
    await expectCounts();
    expect((await call('POST', url(account.id, `/${first!.id}/unread`), ann.headers)).statusCode).toBe(200);
    await expectCounts();
    expect((await call('POST', url(account.id, `/${second!.id}/snooze`), ann.headers, { snoozed_until: Math.floor(Date.now() / 1000) + 3600 })).statusCode).toBe(200);
    await expectCounts();
    // a snooze that has run out counts as unread again
    await t.db.update(schema.notifications).set({ snoozedUntil: new Date(Date.now() - 1000) }).where(eq(schema.notifications.id, second!.id));
    await expectCounts();
    expect((await call('DELETE', url(account.id, `/${third!.id}`), ann.headers)).statusCode).toBe(200);
    await expectCounts();
    expect((await call('POST', url(account.id, '/read_all'), bob.headers, {})).statusCode).toBe(200);
    await expectCounts();
    expect((await call('POST', url(account.id, '/destroy_all'), bob.headers, { type: 'read' })).statusCode).toBe(200);
    await expectCounts();
    await notify(bob, other);
    // a deleted conversation takes its notifications (a cascade) and their counts
    expect((await call('DELETE', `/api/v1/accounts/${account.id}/conversations/${other.displayId}`, admin.headers)).statusCode).toBeLessThan(300);
    await expectCounts();
    expect((await call('POST', url(account.id, '/destroy_all'), ann.headers, { type: 'all' })).statusCode).toBe(200);
    await expectCounts();
    expect(await rowsOf(ann.user.id)).toEqual([]);
  });
});

describe('access', () => {
  const routes = (accountId: number, id: number): [Method, string, object?][] => [
    ['GET', url(accountId)],
    ['GET', url(accountId, '/unread_count')],
    ['POST', url(accountId, '/read_all'), {}],
    ['POST', url(accountId, '/destroy_all'), { type: 'read' }],
    ['PATCH', url(accountId, `/${id}`), {}],
    ['POST', url(accountId, `/${id}/unread`), {}],
    ['POST', url(accountId, `/${id}/snooze`), { snoozed_until: Math.floor(Date.now() / 1000) + 600 }],
    ['DELETE', url(accountId, `/${id}`)],
    ['GET', settingsUrl(accountId)],
    ['PATCH', settingsUrl(accountId), { selected_email_flags: [] }],
  ];

  it('answers 401 without credentials on every route', async () => {
    const { account, ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    for (const [method, path, body] of routes(account.id, row.id)) {
      const res = await call(method, path, undefined, body);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await rowById(row.id))!.readAt).toBeNull();
  });

  it('S1-2.74 S1-6.17 answers 403 to a checker on every route; an agent with a custom role may use them', async () => {
    const { account, ann, inbox, conversation } = await setup();
    const checker = await createMember(t, account.id, 'checker');
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: checker.user.id });
    const row = await notify(checker, conversation);
    for (const [method, path, body] of routes(account.id, row.id)) {
      const res = await call(method, path, checker.headers, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await rowById(row.id)).toMatchObject({ readAt: null, snoozedUntil: null });

    const [role] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: `Reports ${Date.now()}`, permissions: ['report_manage'] }).returning();
    const reporter = await createMember(t, account.id, 'agent', { customRoleId: role!.id });
    const own = await notify(reporter, conversation);
    expect((await call('GET', url(account.id), reporter.headers)).json().data.payload.map((n: { id: number }) => n.id)).toEqual([own.id]);
    expect((await call('PATCH', url(account.id, `/${own.id}`), reporter.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id), ann.headers)).json().data.payload).toEqual([]);
  });

  it('answers 404 for another user’s notification and another account’s, changing nothing', async () => {
    const { account, admin, ann, conversation } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const otherInbox = await createInbox(t, other.id);
    const foreign = await notify(otherAdmin, await createConversation(t, other.id, otherInbox.id));
    const adminsOwn = await notify(admin, conversation);
    for (const id of [adminsOwn.id, foreign.id]) {
      for (const [method, path, body] of routes(account.id, id).slice(4, 8)) {
        const res = await call(method, path, ann.headers, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    // the other account's owner through this account's path: still not theirs here
    for (const [method, path, body] of routes(account.id, foreign.id).slice(4, 8)) {
      expect((await call(method, path, otherAdmin.headers, body)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call('PATCH', url(account.id, '/not-a-number'), ann.headers)).statusCode).toBe(404);
    for (const row of [adminsOwn, foreign]) expect(await rowById(row.id)).toMatchObject({ readAt: null, snoozedUntil: null });
    // lists and counts never include them
    expect((await call('GET', url(account.id, '?includes[]=read&includes[]=snoozed'), ann.headers)).json().data.meta.count).toBe(0);
    expect((await call('GET', url(other.id, '/unread_count'), otherAdmin.headers)).json()).toBe(1);
  });
});

describe('creation', () => {
  it('conversation_assignment: assigning an agent notifies them (secondary actor none without a known actor) and sends notification.created to them', async () => {
    const { account, admin, ann, conversation, conversationUrl } = await setup();
    const events = await eventsDuring(t, account.id, async () => {
      expect((await call('POST', conversationUrl(conversation, '/assignments'), admin.headers, { assignee_id: ann.user.id })).statusCode).toBe(200);
      await waitFor(() => rowsOf(ann.user.id), (rows) => rows.length === 1);
      await settle();
    });
    const rows = await rowsOf(ann.user.id);
    expect(rows).toMatchObject([{ accountId: account.id, notificationType: 'conversation_assignment', primaryActorType: 'Conversation', primaryActorId: conversation.id }]);
    const created = notificationEvents(events);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: 'notification.created', accountId: account.id, userId: ann.user.id, data: { unread_count: 1, count: 1 } });
    expect(NotificationSchema.parse((created[0]!.data as { notification: unknown }).notification)).toMatchObject({ id: rows[0]!.id, primary_actor: { id: conversation.displayId } });
    // nobody else was notified; unassigning notifies nobody
    expect(await rowsOf(admin.user.id)).toEqual([]);
    await call('POST', conversationUrl(conversation, '/assignments'), admin.headers, { assignee_id: null });
    await settle();
    expect(await rowsOf(ann.user.id)).toHaveLength(1);
  });

  it('conversation_assignment: an assignment by the assignee themselves notifies nobody; by another, names them as secondary actor', async () => {
    const { account, admin, ann, conversation } = await setup();
    await t.db.update(schema.conversations).set({ assigneeId: ann.user.id }).where(eq(schema.conversations.id, conversation.id));
    const data = conversationPayload({ id: conversation.displayId, account_id: account.id, inbox_id: conversation.inboxId, meta: { assignee: agentPayload(ann.user.id, account.id) } });
    const base = { name: 'assignee.changed' as const, accountId: account.id, inboxId: conversation.inboxId, data };
    expect(await createNotificationsForEvent(services(), { ...base, actorId: ann.user.id })).toEqual([]);
    const [row] = await createNotificationsForEvent(services(), { ...base, actorId: admin.user.id });
    expect(row).toMatchObject({ userId: ann.user.id, notificationType: 'conversation_assignment', secondaryActorType: 'User', secondaryActorId: admin.user.id });
    const listed = (await call('GET', url(account.id), ann.headers)).json().data.payload[0];
    expect(listed.secondary_actor).toMatchObject({ id: admin.user.id, type: 'user' });
  });

  it.skipIf(process.env.TEST_DB === 'pglite')('a batch of any size is one statement text (a JSON parameter, not a VALUES list per length), answering the rows', async () => {
    const { account, admin, ann, conversation } = await setup();
    const row = (userId: number) => ({ accountId: account.id, userId, notificationType: 'conversation_assignment' as const, primaryActorId: conversation.id, secondaryActorType: null, secondaryActorId: null });
    // a connection of its own, on which nothing else ran: the statements counted are the ones these calls prepared
    const own = await connect({ url: t.database.url!, poolSize: 1 });
    const { one, two, texts } = await own.db.transaction(async (tx) => {
      const one = await insertNotificationRows(tx, [row(ann.user.id)]);
      const two = await insertNotificationRows(tx, [row(admin.user.id), { ...row(ann.user.id), secondaryActorType: 'User' as const, secondaryActorId: admin.user.id }]);
      const result = (await tx.execute(sql`select statement from pg_prepared_statements where statement like '%insert into "notifications"%'`)) as unknown as { rows: { statement: string }[] };
      return { one, two, texts: result.rows.map((r) => r.statement) };
    }).finally(() => own.close());
    expect(texts).toHaveLength(1);
    expect(one).toEqual([expect.objectContaining({ userId: ann.user.id, primaryActorType: 'Conversation', primaryActorId: conversation.id, readAt: null, snoozedUntil: null })]);
    expect(one[0]!.createdAt).toBeInstanceOf(Date);
    expect(one[0]!.lastActivityAt).toBeInstanceOf(Date);
    // in the order given, as stored
    expect(two.map((r) => [r.userId, r.secondaryActorType, r.secondaryActorId])).toEqual([
      [admin.user.id, null, null],
      [ann.user.id, 'User', admin.user.id],
    ]);
    expect(await rowsOf(ann.user.id)).toEqual(expect.arrayContaining([...one, two[1]]));
  });

  it('conversation_mention: a private note mentioning an agent notifies them with the message as secondary actor, and not again as a participant', async () => {
    const { account, admin, ann, conversation, conversationUrl } = await setup();
    const content = `Please check, [@Ann](mention://user/${ann.user.id}/Ann)`;
    const res = await call('POST', conversationUrl(conversation, '/messages'), admin.headers, { content, private: true });
    expect(res.statusCode).toBe(200);
    const rows = await waitFor(() => rowsOf(ann.user.id), (r) => r.length >= 1);
    await settle();
    expect(await rowsOf(ann.user.id)).toEqual(rows);
    expect(rows).toMatchObject([{ notificationType: 'conversation_mention', secondaryActorType: 'Message', secondaryActorId: res.json().id }]);
    const listed = (await call('GET', url(account.id), ann.headers)).json().data.payload[0];
    expect(listed).toMatchObject({
      push_message_title: `You have been mentioned in conversation (#${conversation.displayId})`,
      secondary_actor: { id: res.json().id, content, private: true, conversation_id: conversation.displayId },
    });
    expect(await rowsOf(admin.user.id)).toEqual([]);
  });

  it('new messages: an incoming message notifies the assignee and the participants; an agent’s message never its sender', async () => {
    const { admin, ann, bob, conversation, conversationUrl } = await setup();
    await t.db.update(schema.conversations).set({ assigneeId: ann.user.id }).where(eq(schema.conversations.id, conversation.id));
    expect((await call('POST', conversationUrl(conversation, '/participants'), admin.headers, { user_ids: [ann.user.id, bob.user.id] })).statusCode).toBe(200);

    const incoming = await call('POST', conversationUrl(conversation, '/messages'), admin.headers, { content: 'Where is my refund?', message_type: 'incoming' });
    expect(incoming.statusCode).toBe(200);
    await waitFor(() => rowsOf(bob.user.id), (r) => r.length === 1);
    await settle();
    expect(await rowsOf(ann.user.id)).toMatchObject([{ notificationType: 'assigned_conversation_new_message', secondaryActorId: incoming.json().id }]);
    expect(await rowsOf(bob.user.id)).toMatchObject([{ notificationType: 'participating_conversation_new_message', secondaryActorId: incoming.json().id }]);
    expect(await rowsOf(admin.user.id)).toEqual([]);

    // Ann replies: Bob hears of it, Ann does not
    const reply = await call('POST', conversationUrl(conversation, '/messages'), ann.headers, { content: 'On its way' });
    expect(reply.statusCode).toBe(200);
    await waitFor(() => rowsOf(bob.user.id), (r) => r.length === 2);
    await settle();
    expect(await rowsOf(ann.user.id)).toHaveLength(1);
    expect((await rowsOf(bob.user.id))[1]).toMatchObject({ notificationType: 'participating_conversation_new_message', secondaryActorId: reply.json().id });
  });

  it('new messages: nothing for activity messages, nor for a blocked contact’s conversation', async () => {
    const { account, admin, ann, inbox, conversation, conversationUrl } = await setup();
    await t.db.update(schema.conversations).set({ assigneeId: ann.user.id }).where(eq(schema.conversations.id, conversation.id));
    // resolving writes an activity message ("Conversation was marked resolved by …")
    expect((await call('POST', conversationUrl(conversation, '/toggle_status'), admin.headers, { status: 'resolved' })).statusCode).toBe(200);
    const blocked = await createConversation(t, account.id, inbox.id, { contactId: (await createContact(t, account.id, { blocked: true })).id, assigneeId: ann.user.id });
    expect((await call('POST', conversationUrl(blocked, '/messages'), admin.headers, { content: 'Spam again', message_type: 'incoming' })).statusCode).toBe(200);
    await settle(300);
    expect(await t.db.select().from(schema.messages).where(and(eq(schema.messages.conversationId, conversation.id), eq(schema.messages.messageType, 'activity')))).toHaveLength(1);
    expect(await rowsOf(ann.user.id)).toEqual([]);
  });

  it('conversation_creation: only inbox members who subscribed to it, never the actor nor a checker; not for pending conversations', async () => {
    const { account, admin, ann, bob, inbox } = await setup();
    const checker = await createMember(t, account.id, 'checker');
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: checker.user.id });
    for (const member of [ann, bob, checker]) {
      await t.db.insert(schema.notificationSettings).values({ accountId: account.id, userId: member.user.id, selectedEmailFlags: [], selectedPushFlags: ['push_conversation_creation'] });
    }
    await t.db.update(schema.notificationSettings).set({ selectedPushFlags: [] }).where(and(eq(schema.notificationSettings.accountId, account.id), eq(schema.notificationSettings.userId, bob.user.id)));
    const contact = await createContact(t, account.id);
    // no auto-assignment, so the only notification is the creation's
    await t.db.update(schema.inboxes).set({ enableAutoAssignment: false }).where(eq(schema.inboxes.id, inbox.id));

    const res = await call('POST', `/api/v1/accounts/${account.id}/conversations`, admin.headers, { inbox_id: inbox.id, contact_id: contact.id });
    expect(res.statusCode).toBe(200);
    const rows = await waitFor(() => rowsOf(ann.user.id), (r) => r.length === 1);
    expect(rows).toMatchObject([{ notificationType: 'conversation_creation' }]);
    expect((await call('GET', url(account.id), ann.headers)).json().data.payload[0].push_message_title).toBe(
      `A conversation (#${res.json().id}) has been created in Support`,
    );
    await settle();
    expect(await rowsOf(bob.user.id)).toEqual([]);
    expect(await rowsOf(checker.user.id)).toEqual([]);

    // the actor is left out; a pending conversation notifies nobody
    const conversation = await createConversation(t, account.id, inbox.id);
    const event = { name: 'conversation.created' as const, accountId: account.id, inboxId: inbox.id, data: conversationPayload({ id: conversation.displayId, account_id: account.id, inbox_id: inbox.id }) };
    expect((await createNotificationsForEvent(services(), { ...event, actorId: ann.user.id })).map((r) => r.userId)).toEqual([]);
    await t.db.update(schema.conversations).set({ status: 'pending' }).where(eq(schema.conversations.id, conversation.id));
    expect(await createNotificationsForEvent(services(), event)).toEqual([]);
  });

  it('a deleted conversation takes its notifications with it', async () => {
    const { ann, conversation } = await setup();
    const row = await notify(ann, conversation);
    await t.db.delete(schema.conversations).where(eq(schema.conversations.id, conversation.id));
    expect(await rowById(row.id)).toBeUndefined();
  });
});

describe('realtime', () => {
  it('S0-7.71 S0-7.72 S0-7.73 notification events reach only their user, on /cable too', async () => {
    const { account, admin, ann, conversation, conversationUrl } = await setup();
    const subscriber = (m: Member, role: 'administrator' | 'agent') => ({
      userId: m.user.id,
      accountId: account.id,
      access: accessFrom({ accountId: account.id, userId: m.user.id, role, tokens: [role], inboxIds: [conversation.inboxId] }),
      conversations: new Map<number, number | null>(),
      participating: new Set<number>(),
    });
    const event: DomainEvent = { name: 'notification.deleted', accountId: account.id, userId: ann.user.id, data: { notification: { id: 1 }, unread_count: 0, count: 0 } };
    expect(canSee(subscriber(ann, 'agent'), event)).toBe(true);
    expect(canSee(subscriber(admin, 'administrator'), event)).toBe(false);
    expect(canSee({ ...subscriber(ann, 'agent'), accountId: account.id + 1 }, event)).toBe(false);

    const annSocket = await cable(ann);
    const adminSocket = await cable(admin);
    try {
      expect((await call('POST', conversationUrl(conversation, '/assignments'), admin.headers, { assignee_id: ann.user.id })).statusCode).toBe(200);
      const created = await annSocket.event('notification.created');
      expect(created.data).toMatchObject({ notification: { notification_type: 'conversation_assignment', primary_actor: { id: conversation.displayId } }, unread_count: 1, count: 1 });
      const id = (created.data.notification as { id: number }).id;
      await call('PATCH', url(account.id, `/${id}`), ann.headers);
      expect((await annSocket.event('notification.updated')).data).toMatchObject({ notification: { id, read_at: expect.any(String) }, unread_count: 0, count: 1 });
      await call('DELETE', url(account.id, `/${id}`), ann.headers);
      expect((await annSocket.event('notification.deleted')).data).toEqual({ notification: { id }, unread_count: 0, count: 0 });
      await settle();
      expect(adminSocket.events().filter((e) => e.startsWith('notification.'))).toEqual([]);
    } finally {
      annSocket.close();
      adminSocket.close();
    }
  });
});

function services() {
  const { app } = t;
  return { db: app.db, config: app.config, log: app.log, mailer: app.mailer, storage: app.storage, bus: app.bus };
}

type CableMessage = { event: string; data: Record<string, unknown> };

/** A /cable client subscribed to the member's RoomChannel, keeping every event it receives. */
async function cable(member: Member) {
  const [user] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, member.user.id));
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/cable`);
  const frames: { type?: string; message?: CableMessage | number }[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const until = async <T>(find: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await until(() => frames.find((f) => f.type === 'welcome'), 'welcome');
  const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: user!.token, account_id: member.accountId, user_id: member.user.id });
  socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  await until(() => frames.find((f) => f.type === 'confirm_subscription'), 'subscription');
  const messages = () => frames.map((f) => f.message).filter((m): m is CableMessage => typeof m === 'object' && m !== null);
  return {
    events: () => messages().map((m) => m.event),
    event: (name: string) => until(() => messages().find((m) => m.event === name), name),
    close: () => socket.terminate(),
  };
}
