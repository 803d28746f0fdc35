import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { schema } from '@app/db';
import { SearchAllSchema, SearchContactsSchema, SearchConversationsSchema, SearchMessagesSchema } from '@app/shared/search';
import { sentStatements } from '../../../test/counting-db.ts';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { matchesSearch } from '../conversations/list.ts';
import { searchCondition, searchMatching } from '../conversations/service.ts';
import { searchConversationPage, searchMessageRows } from './queries.ts';
import { excerpt } from './snippet.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (accountId: number, path: string, headers: Headers | undefined) =>
  t.app.inject({ method: 'GET', url: `/api/v1/accounts/${accountId}/${path}`, ...(headers ? { headers } : {}) });

let sequence = 0;
async function message(accountId: number, conversation: { id: number; inboxId: number; contactId: number }, content: string, values: Partial<typeof schema.messages.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.db
    .insert(schema.messages)
    .values({ accountId, inboxId: conversation.inboxId, conversationId: conversation.id, content, messageType: 'incoming', senderType: 'Contact', senderId: conversation.contactId, createdAt: new Date(Date.UTC(2026, 10, 1) + sequence * 1000), ...values })
    .returning();
  return row!;
}

/**
 * An account with two inboxes: an agent works only the first; conversations and messages carrying "needle" in
 * both, a private note, and another account with the same words.
 */
async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent', { name: 'Agnes Agent' });
  const [managerRole] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Contacts', permissions: ['contact_manage'] }).returning();
  const contactManager = await createMember(t, account.id, 'agent', { customRoleId: managerRole!.id });
  const [unassignedRole] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Unassigned', permissions: ['conversation_unassigned_manage'] }).returning();
  const unassignedOnly = await createMember(t, account.id, 'agent', { customRoleId: unassignedRole!.id });
  const checker = await createMember(t, account.id, 'checker');
  const mine = await createInbox(t, account.id, { name: 'Support', members: [agent.user.id, contactManager.user.id, unassignedOnly.user.id] });
  const theirs = await createInbox(t, account.id, { name: 'Sales' });

  const zed = await createContact(t, account.id, { name: 'Zed Haystack', email: 'needle.zed@example.com', phoneNumber: '+14155550111' });
  const ann = await createContact(t, account.id, { name: 'Ann Other', identifier: 'crm-42' });
  const visible = await createConversation(t, account.id, mine.id, { contactId: zed.id, assigneeId: agent.user.id });
  const unassigned = await createConversation(t, account.id, mine.id, { contactId: ann.id });
  const hidden = await createConversation(t, account.id, theirs.id, { contactId: ann.id });
  const inVisible = await message(account.id, visible, 'Where is my needle order? It has not arrived.');
  const note = await message(account.id, visible, 'private needle note for the team', { messageType: 'outgoing', private: true, senderType: 'User', senderId: agent.user.id });
  await message(account.id, visible, 'needle in an activity line', { messageType: 'activity', senderType: null, senderId: null });
  const inUnassigned = await message(account.id, unassigned, 'a needle in the unassigned one');
  const inHidden = await message(account.id, hidden, 'needle in the sales inbox');

  const foreign = await createAccountWithAdmin(t);
  const foreignInbox = await createInbox(t, foreign.account.id);
  const foreignContact = await createContact(t, foreign.account.id, { name: 'Needle Foreign', email: 'needle@foreign.example' });
  const foreignConversation = await createConversation(t, foreign.account.id, foreignInbox.id, { contactId: foreignContact.id });
  await message(foreign.account.id, foreignConversation, 'needle abroad');
  return { account, admin, agent, contactManager, unassignedOnly, checker, zed, ann, visible, unassigned, hidden, inVisible, note, inUnassigned, inHidden, foreign };
}

describe('GET search', () => {
  it('S1-7.93 finds contacts, conversations and messages by q, each only as far as the caller may see, with the match to highlight', async () => {
    const w = await world();
    const res = await get(w.account.id, 'search?q=needle', w.agent.headers);
    expect(res.statusCode).toBe(200);
    const { payload } = SearchAllSchema.parse(res.json());
    // contacts: every contact of the account (agents hold contact access), never another account's
    expect(payload.contacts.map((c) => [c.id, c.matched])).toEqual([[w.zed.id, { field: 'email', snippet: 'needle.zed@example.com' }]]);
    // the agent works only the Support inbox: the Sales conversation and its message stay out
    expect(payload.conversations.map((c) => c.id).sort()).toEqual([w.visible.displayId, w.unassigned.displayId].sort());
    const zedConversation = payload.conversations.find((c) => c.id === w.visible.displayId)!;
    expect(zedConversation).toMatchObject({
      inbox: { name: 'Support', channel_type: 'Channel::Api' },
      contact: { id: w.zed.id, name: 'Zed Haystack', email: 'needle.zed@example.com' },
      assignee: { id: w.agent.user.id, name: 'Agnes Agent' },
      matched: { field: 'contact.email', snippet: 'needle.zed@example.com' },
    });
    expect(payload.conversations.find((c) => c.id === w.unassigned.displayId)!.matched).toEqual({ field: 'message', snippet: 'a needle in the unassigned one' });
    // messages newest first; the private note is found by agents; activity lines are not searched
    expect(payload.messages.map((m) => m.id)).toEqual([w.inUnassigned.id, w.note.id, w.inVisible.id]);
    expect(payload.messages[1]).toMatchObject({ private: true, message_type: 1, sender: { id: w.agent.user.id, type: 'user' }, conversation_id: w.visible.displayId });
    expect(payload.messages[2]).toMatchObject({ sender: { id: w.zed.id, name: 'Zed Haystack', type: 'contact' }, matched: { field: 'content', snippet: 'Where is my needle order? It has not arrived.' } });

    const admin = SearchAllSchema.parse((await get(w.account.id, 'search?q=needle', w.admin.headers)).json()).payload;
    expect(admin.messages.map((m) => m.id)).toEqual([w.inHidden.id, w.inUnassigned.id, w.note.id, w.inVisible.id]);
    expect(admin.conversations).toHaveLength(3);
  });

  it('keeps conversations and messages from a role without conversation access, and narrows a custom role to its conversations', async () => {
    const w = await world();
    const manager = SearchAllSchema.parse((await get(w.account.id, 'search?q=needle', w.contactManager.headers)).json()).payload;
    expect(manager.contacts.map((c) => c.id)).toEqual([w.zed.id]);
    expect(manager).toMatchObject({ conversations: [], messages: [] });
    expect((await get(w.account.id, 'search/conversations?q=needle', w.contactManager.headers)).statusCode).toBe(403);
    expect((await get(w.account.id, 'search/messages?q=needle', w.contactManager.headers)).statusCode).toBe(403);

    // conversation_unassigned_manage: the unassigned conversations of its inboxes and its own, nothing else
    const narrow = SearchAllSchema.parse((await get(w.account.id, 'search?q=needle', w.unassignedOnly.headers)).json()).payload;
    expect(narrow.conversations.map((c) => c.id)).toEqual([w.unassigned.displayId]);
    expect(narrow.messages.map((m) => m.id)).toEqual([w.inUnassigned.id]);
  });

  it('S1-7.94 S1-7.95 S1-7.96 searches one part a page at a time (15), by contact handle, display id and message text', async () => {
    const w = await world();
    const contacts = SearchContactsSchema.parse((await get(w.account.id, 'search/contacts?q=CRM-4', w.agent.headers)).json()).payload.contacts;
    expect(contacts.map((c) => [c.id, c.matched])).toEqual([[w.ann.id, { field: 'identifier', snippet: 'crm-42' }]]);
    expect(contacts[0]).toMatchObject({ name: 'Ann Other', availability_status: 'offline', identifier: 'crm-42' });
    expect(contacts[0]).not.toHaveProperty('contact_inboxes');

    const byId = SearchConversationsSchema.parse((await get(w.account.id, `search/conversations?q=${w.visible.displayId}`, w.agent.headers)).json()).payload.conversations;
    expect(byId.find((c) => c.id === w.visible.displayId)?.matched).toEqual({ field: 'id', snippet: `#${w.visible.displayId}` });
    expect(byId.find((c) => c.id === w.visible.displayId)?.message).toMatchObject({ content: 'private needle note for the team' });

    for (let i = 0; i < 16; i += 1) await message(w.account.id, w.visible, `bulk haystack line ${i}`);
    const first = SearchMessagesSchema.parse((await get(w.account.id, 'search/messages?q=haystack line', w.agent.headers)).json()).payload.messages;
    const second = SearchMessagesSchema.parse((await get(w.account.id, 'search/messages?q=haystack%20line&page=2', w.agent.headers)).json()).payload.messages;
    expect(first).toHaveLength(15);
    expect(second.map((m) => m.content)).toEqual(['bulk haystack line 0']);
    // a percent sign is text, not a wildcard
    expect(SearchMessagesSchema.parse((await get(w.account.id, 'search/messages?q=hay%25line', w.agent.headers)).json()).payload.messages).toEqual([]);
  });

  it('cuts long matches to an excerpt around q of at most 200 characters', async () => {
    const w = await world();
    const long = `${'lorem ipsum '.repeat(40)}the rare-token sits here ${'dolor sit amet '.repeat(40)}`;
    await message(w.account.id, w.visible, long);
    const [found] = SearchMessagesSchema.parse((await get(w.account.id, 'search/messages?q=rare-token', w.agent.headers)).json()).payload.messages;
    expect(found!.content).toBe(long);
    expect(found!.matched.snippet.length).toBeLessThanOrEqual(200);
    expect(found!.matched.snippet).toMatch(/^….*the rare-token sits here.*…$/);
    expect(excerpt('short text', 'x')).toBe('short text');
  });

  it('answers 422 for a blank or long q, 401 signed out, 403 for a checker, 404 for another account', async () => {
    const w = await world();
    for (const path of ['search', 'search/contacts', 'search/conversations', 'search/messages']) {
      const blank = await get(w.account.id, `${path}?q=%20`, w.admin.headers);
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.q).toEqual(['must not be blank']);
      expect((await get(w.account.id, `${path}?q=${'x'.repeat(201)}`, w.admin.headers)).json().errors.q).toEqual(['is too long (maximum is 200 characters)']);
      expect((await get(w.account.id, `${path}?q=needle`, undefined)).statusCode).toBe(401);
      expect((await get(w.account.id, `${path}?q=needle`, w.checker.headers)).statusCode).toBe(403);
      expect((await get(w.account.id, `${path}?q=needle`, w.foreign.admin.headers)).statusCode).toBe(404);
    }
    // the other account's administrator searching their own account never meets this account's rows
    const theirs = SearchAllSchema.parse((await get(w.foreign.account.id, 'search?q=needle', w.foreign.admin.headers)).json()).payload;
    expect(theirs.contacts.map((c) => c.name)).toEqual(['Needle Foreign']);
    expect(theirs.messages.map((m) => m.content)).toEqual(['needle abroad']);
  });
});

describe('numbers in messages (schema.messageContentMatches: the digit index, then the ILIKE)', () => {
  it('finds a number by any part of six or more digits, with words around it, and never content that only holds its pieces apart', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const contact = await createContact(t, account.id, { name: 'Pay Er' });
    const paid = await createConversation(t, account.id, inbox.id, { contactId: contact.id });
    const other = await createConversation(t, account.id, inbox.id, { contactId: contact.id });
    const utr = await message(account.id, paid, 'Payment with UTR 482913075561 is pending');
    // both six-digit windows of the UTR, and its first seven digits, but never the twelve in a row
    const apart = await message(account.id, other, 'refs 482913 and 075561, order 4829130');
    const found = async (q: string) => {
      const res = await get(account.id, `search/messages?q=${encodeURIComponent(q)}`, admin.headers);
      expect(res.statusCode).toBe(200);
      return SearchMessagesSchema.parse(res.json()).payload.messages.map((m) => m.id);
    };
    expect(await found('482913075561')).toEqual([utr.id]);
    expect(await found('2913075')).toEqual([utr.id]); // the middle, past a window's edge
    expect(await found('13075561')).toEqual([utr.id]); // the tail
    expect(await found('utr 482913075561 IS')).toEqual([utr.id]); // words around it, any case
    expect(await found('4829130')).toEqual([apart.id, utr.id]); // inside the UTR, and the whole order number
    expect(await found('482913')).toEqual([apart.id, utr.id]);
    expect(await found('4829130755610')).toEqual([]); // one digit more than the message holds
    expect(await found('91307')).toEqual([utr.id]); // five digits: the trigram path

    // conversations/search and search/conversations take the same path
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${account.id}/conversations/search?q=13075561`, headers: admin.headers });
    expect(list.json().payload.map((c: { id: number }) => c.id)).toEqual([paid.displayId]);
    const conversations = SearchConversationsSchema.parse((await get(account.id, 'search/conversations?q=913075561', admin.headers)).json()).payload.conversations;
    expect(conversations.map((c) => [c.id, c.matched])).toEqual([[paid.displayId, { field: 'message', snippet: utr.content }]]);
  });

  it('indexes every six-digit window of each run of six or more digits, through a PL/pgSQL function (a SQL one was parsed and planned on every message insert)', async () => {
    // every window, as the index holds them (the search asks for a few of them: schema.digitGrams)
    const windows = (content: string) => [...content.matchAll(/[0-9]{6,}/g)].flatMap(([run]) => Array.from({ length: run.length - 5 }, (_, at) => run.slice(at, at + 6)));
    const contents = ['no digits at all', '12345 and 99999', '123456', 'UTR 482913075561, ref 4829130', 'a1234567b12345c000000', '١٢٣٤٥٦٧ (Arabic-Indic digits)', ''];
    const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
    for (const content of contents) {
      const [row] = await rows<{ grams: string[] }>(sql`select digit_grams(${content}) as grams`);
      expect(row!.grams, content).toEqual(windows(content));
    }
    expect(await rows(sql`select digit_grams(null) as grams`)).toEqual([{ grams: null }]);
    // LANGUAGE sql: not inlinable (an aggregate over set-returning functions), so the index's expression parsed and
    // planned the body again in every statement that inserted a message (migration 0023)
    const language = await rows(sql`select l.lanname from pg_proc p join pg_language l on l.oid = p.prolang where p.proname = 'digit_grams'`);
    expect(language).toEqual([{ lanname: 'plpgsql' }]);
  });

  it('narrows a number on the digit index instead of the trigram index, in one process', async () => {
    const q = '482913075561';
    expect(schema.digitGrams(q)).toEqual(['482913', '075561']);
    expect(schema.digitGrams('a 12345678 b 1234567')).toEqual(['123456', '345678', '234567']);
    expect(schema.digitGrams('12345 and 99999')).toEqual([]);
    const plan = await t.db.transaction(async (tx) => {
      // parallel workers as cheap as they get: a search still reads its few windows without starting any
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const setting of ['parallel_setup_cost', 'parallel_tuple_cost', 'min_parallel_table_scan_size', 'min_parallel_index_scan_size']) {
        await tx.execute(sql.raw(`set local ${setting} = 0`));
      }
      await tx.execute(sql`alter table ${schema.messages} set (parallel_workers = 2)`);
      const rows = await tx.execute(sql`explain select id from ${schema.messages} where ${schema.messageContentMatches(schema.messages.content, '123457')}`);
      await tx.execute(sql`alter table ${schema.messages} reset (parallel_workers)`);
      return (rows as unknown as { rows: Record<string, string>[] }).rows;
    });
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('messages_content_digits_idx');
    expect(text).not.toContain('messages_content_trgm_idx');
    expect(text).not.toContain('Gather');
  });
});

/** The texts of the statements the app's database object sends while `work` runs. */
const sentTexts = async (work: () => Promise<unknown>) => (await sentStatements(t.db, work)).map((statement) => statement.text);

describe('rare and common words', () => {
  const minutes = (n: number) => new Date(Date.UTC(2026, 10, 2) + n * 60_000);

  // Whether a word is rare or common decides how its page is read (collected through the indexes and sorted, or
  // walked to in order); each way must give the page one ordered statement gives, across ties and the caller's scope.
  it('a message page is the same collected or walked to, newest first by creation time, within the scope', async () => {
    const { account } = await createAccountWithAdmin(t);
    const mine = await createInbox(t, account.id);
    const theirs = await createInbox(t, account.id);
    const conversations = [];
    for (let i = 0; i < 6; i++) conversations.push(await createConversation(t, account.id, i % 3 === 2 ? theirs.id : mine.id));
    for (let i = 0; i < 40; i++) {
      const conversation = conversations[i % 6]!;
      // "common" in most messages, "seldom" in a few; a note is searched, activity is not; times out of the ids'
      // order (messages imported with their own times), three a minute (ties, put in order by the id)
      await message(account.id, conversation, i % 7 === 3 ? `a seldom word ${i}` : `the common word ${i}`, {
        createdAt: minutes(Math.floor(((i * 17) % 40) / 3)),
        ...(i % 9 === 4 ? { messageType: 'outgoing', private: true, senderType: 'User', senderId: null } : {}),
        ...(i % 11 === 5 ? { messageType: 'activity', senderType: null, senderId: null } : {}),
      });
    }
    const m = schema.messages;
    const c = schema.conversations;
    for (const [q, scope] of [['common', eq(c.accountId, account.id)], ['common', eq(c.inboxId, mine.id)], ['seldom', eq(c.inboxId, mine.id)], ['word', eq(c.accountId, account.id)]] as const) {
      const reference = await t.db
        .select({ id: m.id })
        .from(m)
        .innerJoin(c, eq(c.id, m.conversationId))
        .where(and(eq(m.accountId, account.id), sql`${m.content} ilike ${`%${q}%`}`, sql`${m.messageType} in ('incoming', 'outgoing')`, scope))
        .orderBy(desc(m.createdAt), desc(m.id));
      expect(reference.length).toBeGreaterThan(2);
      for (const offset of [0, 5, 10, 30]) {
        const expected = reference.slice(offset, offset + 5).map((row) => row.id);
        const collected = await sentTexts(async () => {
          const rows = await searchMessageRows(t.db, account.id, scope, q, { limit: 5, offset });
          expect(rows.map((row) => row.id), `${q} collected, offset ${offset}`).toEqual(expected);
        });
        const walked = await sentTexts(async () => {
          const rows = await searchMessageRows(t.db, account.id, scope, q, { limit: 5, offset }, 2);
          expect(rows.map((row) => row.id), `${q} walked, offset ${offset}`).toEqual(expected);
        });
        // the page from the matches' ids, or (more than 2 of them) walked to: the matches themselves, no list of ids
        expect(collected.filter((text) => text.includes('= any(')), q).toHaveLength(1);
        expect(walked.length, q).toBe(2);
        expect(walked.filter((text) => text.includes('= any(')), q).toEqual([]);
      }
    }
  });

  it('a conversation page is the same collected or walked to, latest activity first over every status, within the scope', async () => {
    const { account } = await createAccountWithAdmin(t);
    const mine = await createInbox(t, account.id);
    const theirs = await createInbox(t, account.id);
    const statuses = ['open', 'resolved', 'pending', 'snoozed'] as const;
    for (let i = 0; i < 36; i++) {
      // matched by the contact's name, by a message, or not at all; last activity repeats across statuses
      const contact = await createContact(t, account.id, { name: i % 4 === 0 ? `Pat Needleman ${i}` : `Sam Other ${i}` });
      const conversation = await createConversation(t, account.id, i % 5 === 4 ? theirs.id : mine.id, { contactId: contact.id, status: statuses[i % 4], lastActivityAt: minutes(i % 7) });
      if (i % 3 === 1) await message(account.id, conversation, `where is the needle ${i}`);
      if (i % 3 === 2) await message(account.id, conversation, `a needle in a note ${i}`, { messageType: 'activity', senderType: null, senderId: null });
    }
    const c = schema.conversations;
    for (const scope of [eq(c.accountId, account.id), eq(c.inboxId, mine.id)]) {
      const reference = await t.db
        .select({ id: c.id })
        .from(c)
        .where(and(scope, searchCondition(account.id, 'needle')))
        .orderBy(desc(c.lastActivityAt), desc(c.id));
      expect(reference.length).toBeGreaterThan(10);
      const few = await searchMatching(t.db, account.id, 'needle');
      const common = await searchMatching(t.db, account.id, 'needle', 3);
      expect('ids' in few && few.ids.length).toBeGreaterThan(10);
      expect('test' in common).toBe(true);
      for (const offset of [0, 5, 10, 20]) {
        const expected = reference.slice(offset, offset + 5).map((row) => row.id);
        const collected = await sentTexts(async () => {
          const rows = await searchConversationPage(t.db, scope, few, { limit: 5, offset });
          expect(rows.map((row) => row.id), `collected, offset ${offset}`).toEqual(expected);
        });
        // the page's ids sorted from the collected ones, then what the results show for those alone
        expect(collected.filter((text) => text.includes('= any('))).toHaveLength(expected.length ? 2 : 1);
        const walked = await sentTexts(async () => {
          const rows = await searchConversationPage(t.db, scope, common, { limit: 5, offset });
          expect(rows.map((row) => row.id), `walked, offset ${offset}`).toEqual(expected);
        });
        // one ordered read per status, merged, each row tested; then the results for the page's ids
        expect(walked).toHaveLength(expected.length ? 2 : 1);
        expect(walked[0]).toContain(' union all ');
        expect(walked[0]).toContain('"last_activity_at" desc nulls last');
        expect(walked[0]).not.toContain('= any(');
      }
    }
  });

  it('a walk tests each conversation’s messages row by row: Postgres never hashes every message holding q first', async () => {
    const { account } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    for (let i = 0; i < 30; i++) {
      const conversation = await createConversation(t, account.id, inbox.id, { contactId: (await createContact(t, account.id, { name: `Sam Hay ${i}` })).id });
      await message(account.id, conversation, i % 3 ? `the needle ${i}` : 'only hay');
    }
    const c = schema.conversations;
    const explained = (await t.db.execute(
      sql`explain select ${c.id} from ${c} where ${c.accountId} = ${account.id} and ${c.status} = 'open' and ${matchesSearch('needle')}
          order by ${c.lastActivityAt} desc nulls last, ${c.id} desc nulls last limit 5`,
    )) as unknown as { rows: Record<string, string>[] };
    const plan = explained.rows.map((row) => Object.values(row)[0]!).join('\n');
    // the EXISTS over messages stays a plain SubPlan (run per conversation walked), where without its `offset 0`
    // Postgres turned it into a hashed IN over every matching message, built before the walk's first row
    const plain = [...plan.matchAll(/(?<!hashed )SubPlan (\d+)\)/g)].map((m) => m[1]!);
    const messagesPlan = (n: string) => plan.split(`SubPlan ${n}\n`)[1]?.split(/\n\s*SubPlan \d+\n/)[0] ?? '';
    expect(plain.some((n) => messagesPlan(n).includes('content ~~*')), plan).toBe(true);
    const hashed = [...plan.matchAll(/hashed SubPlan (\d+)/g)].map((m) => m[1]!);
    expect(hashed.filter((n) => messagesPlan(n).includes('content ~~*')), plan).toEqual([]);
  });
});
