import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp, secondProcess, usingPglite, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createConversation, createInbox, type Member } from '../../test/factories.ts';

/**
 * The counts a process keeps (the conversations' tab counts, the contacts' meta.count) are dropped when another
 * process changes what they count, not only after their time to live: with several `api serve` processes
 * (WEB_CONCURRENCY, or one per machine) an agent's next request lands on any of them. The other process's events
 * come over the realtime backbone (Redis pub/sub), so the drop follows a change by a few milliseconds: each probe
 * waits at most a second, well inside the caches' 5 and 10 seconds, so a process that kept its count fails.
 */

let t: TestContext;
let second: Awaited<ReturnType<typeof secondProcess>>;

beforeAll(async () => {
  t = await buildTestApp();
  second = await secondProcess(t);
  await second?.app.ready();
}, 30_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

const get = async (app: App, url: string, admin: Member) => {
  const res = await app.inject({ method: 'GET', url, headers: admin.headers as never });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Polls `read` on the second process until it answers `want`, for at most a second; answers what it saw last. */
async function within1s<T>(read: () => Promise<T>, want: T): Promise<T> {
  const deadline = Date.now() + 1_000;
  let seen = await read();
  while (JSON.stringify(seen) !== JSON.stringify(want) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    seen = await read();
  }
  return seen;
}

describe.skipIf(usingPglite())('caches of counts across processes', () => {
  it('a conversation resolved through one process leaves the tab counts of another at once', async () => {
    expect(second, 'a second process (Postgres and Redis)').toBeDefined();
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const first = await createConversation(t, account.id, inbox.id);
    await createConversation(t, account.id, inbox.id);
    const meta = `/api/v1/accounts/${account.id}/conversations/meta`;
    const open = async (app: App) => ((await get(app, meta, admin)) as { meta: { all_count: number } }).meta.all_count;
    // both processes hold the count of two open conversations
    expect(await open(t.app)).toBe(2);
    expect(await open(second!.app)).toBe(2);

    const res = await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/conversations/${first.displayId}/toggle_status`, headers: admin.headers as never, payload: { status: 'resolved' } });
    expect(res.statusCode, res.body).toBe(200);

    expect(await open(t.app)).toBe(1);
    expect(await within1s(() => open(second!.app), 1)).toBe(1);
  });

  it('a contact created through one process leaves the contacts count of another at once', async () => {
    expect(second, 'a second process (Postgres and Redis)').toBeDefined();
    const { account, admin } = await createAccountWithAdmin(t);
    await createContact(t, account.id, { email: 'first@example.com' });
    const list = `/api/v1/accounts/${account.id}/contacts`;
    const count = async (app: App) => ((await get(app, list, admin)) as { meta: { count: number } }).meta.count;
    expect(await count(t.app)).toBe(1);
    expect(await count(second!.app)).toBe(1);

    const res = await t.app.inject({ method: 'POST', url: list, headers: admin.headers as never, payload: { name: 'Second', email: 'second@example.com' } });
    expect(res.statusCode, res.body).toBe(200);

    expect(await count(t.app)).toBe(2);
    expect(await within1s(() => count(second!.app), 2)).toBe(2);
  });
});
