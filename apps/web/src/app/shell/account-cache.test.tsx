import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { cableBus } from '../../lib/realtime/cable-bus.ts';
import { makeInbox } from '../../test/fixtures.ts';
import {
  ACCOUNT_CACHE_STORES,
  ACCOUNT_CACHE_VERSION,
  accountCacheName,
  openAccountCache,
  readAccountCache,
  startAccountCache,
  writeAccountCache,
} from './account-cache.ts';
import { shellKeys } from './api.ts';
import { renderShell, shellApi, shellReady } from './shell-test-utils.tsx';

const KEYS = { inbox: 100, label: 200, team: 300 };
const label = (id: number, title: string) => ({ id, title, description: null, color: '#1f93ff', show_on_sidebar: true });

beforeEach(() => {
  // a fresh browser database for every test
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function seed(accountId: number, lists: { inbox?: unknown[]; label?: unknown[]; team?: unknown[] }, keys: Partial<typeof KEYS> = KEYS) {
  const db = await openAccountCache(accountId);
  for (const [resource, list] of Object.entries(lists) as ['inbox' | 'label' | 'team', unknown[]][]) {
    await writeAccountCache(db, resource, keys[resource] ?? null, list);
  }
  db.close();
}
async function stored(accountId: number) {
  const db = await openAccountCache(accountId);
  try {
    return await readAccountCache(db);
  } finally {
    db.close();
  }
}
const until = (check: () => Promise<boolean> | boolean) =>
  waitFor(async () => {
    if (!(await check())) throw new Error('not yet');
  });

describe('local cache', () => {
  it('S1-9.21 S1-9.22 S1-9.23 is a database per account at version 1678706392 holding inboxes, labels, teams and cache keys', async () => {
    await seed(7, { inbox: [makeInbox(1, 'Website')] });
    await seed(8, { label: [label(2, 'vip')] });
    const names = (await indexedDB.databases()).map((d) => [d.name, d.version]);
    expect(names).toEqual(expect.arrayContaining([['cw-store-7', 1678706392], ['cw-store-8', 1678706392]]));
    expect(accountCacheName(7)).toBe('cw-store-7');
    expect(ACCOUNT_CACHE_VERSION).toBe(1678706392);
    const db = await openAccountCache(7);
    expect([...db.objectStoreNames].sort()).toEqual([...ACCOUNT_CACHE_STORES].sort());
    expect([...db.objectStoreNames].sort()).toEqual(['cache-keys', 'inbox', 'label', 'team']);
    db.close();
    expect(await stored(7)).toEqual({ inbox: { key: 100, list: [makeInbox(1, 'Website')] } });
    expect(await stored(8)).toEqual({ label: { key: 200, list: [label(2, 'vip')] } });
  });

  it('fills the empty list queries from the database at once, as stale data the screens still refresh', async () => {
    await seed(7, { inbox: [makeInbox(1, 'Website')], label: [label(2, 'vip')] });
    const client = new QueryClient();
    let answerKeys!: (keys: { cache_keys: typeof KEYS }) => void;
    const stop = startAccountCache(client, 7, () => new Promise((resolve) => (answerKeys = resolve)));
    // before the server said anything
    await until(() => client.getQueryData(shellKeys.inboxes(7)) !== undefined);
    expect(client.getQueryData(shellKeys.inboxes(7))).toEqual([makeInbox(1, 'Website')]);
    expect(client.getQueryData(shellKeys.labels(7))).toEqual([label(2, 'vip')]);
    expect(client.getQueryState(shellKeys.inboxes(7))?.dataUpdatedAt).toBe(0);
    expect(client.getQueryData(shellKeys.teams(7))).toBeUndefined();
    answerKeys({ cache_keys: KEYS });
    stop();
  });

  it('S1-7.06 drops a stored list whose cache key the server moved on, and stores fresh answers under the server’s key', async () => {
    await seed(7, { inbox: [makeInbox(1, 'Old name')], label: [label(2, 'vip')] });
    const client = new QueryClient();
    const fetchKeys = vi.fn(async () => ({ cache_keys: { ...KEYS, inbox: 101 } }));
    const stop = startAccountCache(client, 7, fetchKeys);
    await until(async () => !(await stored(7)).inbox);
    expect(fetchKeys).toHaveBeenCalledWith(7);
    expect((await stored(7)).label).toEqual({ key: 200, list: [label(2, 'vip')] });

    await client.fetchQuery({ queryKey: shellKeys.inboxes(7), queryFn: async () => [makeInbox(1, 'New name')] });
    await until(async () => (await stored(7)).inbox?.key === 101);
    expect((await stored(7)).inbox).toEqual({ key: 101, list: [makeInbox(1, 'New name')] });
    stop();
  });

  it('account.cache_invalidated drops the lists whose key changed; their refetch is stored under the new key', async () => {
    await seed(7, { inbox: [makeInbox(1, 'Website')], label: [label(2, 'vip')], team: [] });
    const client = new QueryClient();
    const stop = startAccountCache(client, 7, async () => ({ cache_keys: KEYS }));
    await until(() => client.getQueryData(shellKeys.teams(7)) !== undefined);
    await new Promise((r) => setTimeout(r, 20));

    cableBus.emitEvent({ event: 'account.cache_invalidated', data: { cache_keys: { ...KEYS, label: 201 } }, seq: 1 });
    await until(async () => !(await stored(7)).label);
    expect((await stored(7)).inbox?.key).toBe(100);

    await client.fetchQuery({ queryKey: shellKeys.labels(7), queryFn: async () => [label(2, 'vip'), label(3, 'new')] });
    await until(async () => (await stored(7)).label?.key === 201);
    expect((await stored(7)).label?.list).toHaveLength(2);
    stop();
  });

  it('a transaction aborted under a read rejects the read and leaves no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const aborted = () => Promise.reject(new DOMException('', 'AbortError'));
      // what idb hands back when the transaction is aborted (a sign-out deleting the database): the first read and
      // `done` both reject; the reads after the first are never made
      const tx = { done: aborted(), objectStore: () => ({ get: aborted }) };
      const db = { transaction: () => tx } as unknown as Parameters<typeof readAccountCache>[0];
      await expect(readAccountCache(db)).rejects.toThrow(DOMException);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('without IndexedDB it does nothing and asks nothing', () => {
    vi.stubGlobal('indexedDB', undefined);
    const fetchKeys = vi.fn();
    const stop = startAccountCache(new QueryClient(), 7, fetchKeys);
    expect(fetchKeys).not.toHaveBeenCalled();
    stop();
  });

  it('a reload shows the sidebar’s inboxes and labels from the cache while the server has not answered yet', async () => {
    await seed(7, { inbox: [makeInbox(1, 'Website'), makeInbox(3, 'WhatsApp')], label: [label(6, 'vip')] });
    const never = () => new Promise<never>(() => undefined);
    shellApi(undefined, {
      'GET /api/v1/accounts/7/inboxes': never,
      'GET /api/v1/accounts/7/labels': never,
      'GET /api/v1/accounts/7/cache_keys': { body: { cache_keys: KEYS } },
    } as never);
    renderShell();
    await shellReady();
    const inboxes = await screen.findByRole('region', { name: 'Inboxes' });
    await waitFor(() => expect(within(inboxes).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', '/app/accounts/7/inbox/3'));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Labels' })).getByRole('link', { name: 'vip' })).toBeInTheDocument());
  });
});
