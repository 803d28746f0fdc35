import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember, type Member } from '../../test/factories.ts';
import { CableClient, pubsubTokenOf, type CableMessage } from './support.ts';

/**
 * `/cable` isolation (issue 16, security suite), over real WebSockets to a listening server. Subscriptions are
 * generated from what the RoomChannel identifier accepts (`pubsub_token`, `account_id`, `user_id`, `last_seq`,
 * and whatever else a client adds): another account's id in every spelling the parser might coerce, with the
 * attacker's own tokens, forged ones and a token of the other account's users under the attacker's user id. While
 * real messages, a private note and a status change are made through the API in account B, no attacker
 * subscription receives anything of B; the same wait delivers them to B's administrator (the positive control,
 * so the test cannot pass because nothing was sent), and an agent of B gets only the events of their own inbox.
 */

let t: TestContext;
let a: { accountId: number; admin: Member; agent: Member };
let b: { accountId: number; admin: Member; agent: Member; ownInbox: number; otherInbox: number; ownConversation: number; otherConversation: number };
const sockets: CableClient[] = [];

const open = async () => {
  const client = await CableClient.open(t.app);
  sockets.push(client);
  return client;
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const first = await createAccountWithAdmin(t);
  a = { accountId: first.account.id, admin: first.admin, agent: await createMember(t, first.account.id, 'agent') };
  const second = await createAccountWithAdmin(t);
  const agent = await createMember(t, second.account.id, 'agent');
  const ownInbox = await createInbox(t, second.account.id, { members: [agent.user.id] });
  const otherInbox = await createInbox(t, second.account.id);
  b = {
    accountId: second.account.id,
    admin: second.admin,
    agent,
    ownInbox: ownInbox.id,
    otherInbox: otherInbox.id,
    ownConversation: (await createConversation(t, second.account.id, ownInbox.id)).displayId,
    otherConversation: (await createConversation(t, second.account.id, otherInbox.id)).displayId,
  };
}, 30_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

/** Real changes in account B through its administrator: a message in each inbox, a private note, a status change. */
async function produceEventsInB(): Promise<void> {
  const base = `/api/v1/accounts/${b.accountId}/conversations`;
  for (const [path, payload] of [
    [`${b.ownConversation}/messages`, { content: 'secret of inbox one' }],
    [`${b.otherConversation}/messages`, { content: 'secret of inbox two' }],
    [`${b.otherConversation}/messages`, { content: 'private note of inbox two', private: true }],
    [`${b.otherConversation}/toggle_status`, { status: 'resolved' }],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url: `${base}/${path}`, headers: b.admin.headers, payload });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  }
}

/** `account_id` spelled every way a coercing parser might turn into B's id (or a list holding it). */
function foreignAccountIds(): unknown[] {
  const id = b.accountId;
  return [id, String(id), ` ${id} `, `${id}.0`, `0x${id.toString(16)}`, `${id}e0`, [id], [a.accountId, id], `${a.accountId},${id}`, { id }, -id, id + 0.5];
}

/** Events other than the attacker account's own presence: anything here is a leak. */
const leaked = (client: CableClient) =>
  client.events().filter((m) => !(m.event === 'presence.update' && (m.data as { account_id?: number }).account_id === a.accountId));

const mentionsB = (messages: CableMessage[]) => JSON.stringify(messages).includes('inbox two') || JSON.stringify(messages).includes('inbox one');

describe('/cable isolation between accounts and inboxes', () => {
  it('subscriptions to another account are refused in every spelling and with every token, and receive none of its events; its own members do', async () => {
    const [aAdmin, aAgent, bAdmin, bAgent] = await Promise.all([a.admin, a.agent, b.admin, b.agent].map((m) => pubsubTokenOf(t, m.user.id)));
    const forged = ['', 'x', `${bAdmin!.slice(0, -1)}${bAdmin!.endsWith('a') ? 'b' : 'a'}`, `' or '1'='1`, bAdmin!.toUpperCase()];
    const attackers = [await open(), await open()];

    // Every refused combination is sent; a confirmed one that is not B's real member with B's real token is a failure.
    const confirmed: string[] = [];
    let sent = 0;
    for (const token of [aAdmin!, aAgent!, ...forged]) {
      for (const accountId of foreignAccountIds()) {
        for (const userId of [undefined, a.admin.user.id, b.admin.user.id]) {
          for (const lastSeq of [undefined, 0]) {
            const identifier = { pubsub_token: token, account_id: accountId, user_id: userId, last_seq: lastSeq };
            const answer = await attackers[sent++ % 2]!.subscribe(identifier);
            if (answer !== 'reject_subscription') confirmed.push(JSON.stringify(identifier));
          }
        }
      }
    }
    // A valid token of B's users, under the attacker's own user id or in the attacker's account.
    for (const identifier of [
      { pubsub_token: bAdmin, account_id: b.accountId, user_id: a.admin.user.id },
      { pubsub_token: bAgent, account_id: b.accountId, user_id: a.agent.user.id },
      { pubsub_token: bAdmin, account_id: a.accountId },
      { pubsub_token: bAgent, account_id: a.accountId, user_id: b.agent.user.id },
    ]) {
      if ((await attackers[0]!.subscribe(identifier)) !== 'reject_subscription') confirmed.push(JSON.stringify(identifier));
    }
    expect(confirmed).toEqual([]);
    expect(sent).toBeGreaterThan(400);

    // Valid subscriptions to the attacker's own account that name B's inboxes and conversation: accepted, scoped to A.
    const ownAccount = await open();
    const extras = { inbox_id: b.otherInbox, conversation_id: b.otherConversation, account: b.accountId, accounts: [b.accountId] };
    expect(await ownAccount.subscribe({ pubsub_token: aAdmin, account_id: a.accountId, last_seq: 0, ...extras })).toBe('confirm_subscription');
    expect(await ownAccount.subscribe({ pubsub_token: aAgent, account_id: a.accountId, user_id: a.agent.user.id, ...extras })).toBe('confirm_subscription');

    // Positive controls: B's administrator and B's agent, on their own sockets.
    const victim = await open();
    expect(await victim.subscribe({ pubsub_token: bAdmin, account_id: b.accountId, user_id: b.admin.user.id })).toBe('confirm_subscription');
    const agent = await open();
    expect(await agent.subscribe({ pubsub_token: bAgent, account_id: b.accountId })).toBe('confirm_subscription');

    await produceEventsInB();
    const received = (client: CableClient, name: string, content?: string) =>
      client.next((f) => typeof f.message === 'object' && f.message.event === name && (!content || JSON.stringify(f.message.data).includes(content)));
    await received(victim, 'message.created', 'secret of inbox one');
    await received(victim, 'message.created', 'secret of inbox two');
    await received(victim, 'message.created', 'private note of inbox two');
    await received(victim, 'conversation.status_changed');
    await received(agent, 'message.created', 'secret of inbox one');
    // Events travel in order through one hub: once B's member has the last one, a leak would already be here.
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (const client of [...attackers, ownAccount]) {
      expect(leaked(client)).toEqual([]);
      expect(mentionsB(client.events())).toBe(false);
    }
    // The agent of inbox one gets nothing of inbox two: no message, no note, no status change.
    const agentSaw = JSON.stringify(agent.events().filter((m) => m.event !== 'presence.update'));
    const inboxesNamed = new Set([...agentSaw.matchAll(/"inbox_id":(\d+)/g)].map((m) => Number(m[1])));
    expect([...inboxesNamed]).toEqual([b.ownInbox]);
    expect(agentSaw).not.toContain('inbox two');
  }, 30_000);
});
