import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { api } from '../../lib/api-client.ts';
import { CACHE_KEY_RESOURCES, onCableEvent, type CacheKeyResource } from '../../lib/realtime/index.ts';
import { shellKeys } from './api.ts';
import { accountCacheName } from '../../lib/local-data.ts';

/**
 * The local cache of an account's inboxes, labels and teams (001 section 9, S1-9.21–S1-9.23): kept in
 * IndexedDB with the cache key each list was read under, so a reload shows the sidebar before the lists
 * arrive. The server's cache keys (GET cache_keys, and account.cache_invalidated) say which stored lists are
 * still current; a list whose key moved on is dropped, and the fresh answer is stored under the new key.
 */

/** S1-9.22: the schema version of the cache database. */
export const ACCOUNT_CACHE_VERSION = 1678706392;
/** S1-9.21: one database per account (named in lib/local-data.ts, which sign-out uses to forget them). */
export { accountCacheName };
/** S1-9.23: a store per resource (the whole list, in the server's order) and one for the cache keys. */
export const ACCOUNT_CACHE_STORES = ['cache-keys', ...CACHE_KEY_RESOURCES] as const;

const LIST = 'list';
type CacheKey = number | string | null;

interface AccountCacheSchema extends DBSchema {
  'cache-keys': { key: CacheKeyResource; value: CacheKey };
  inbox: { key: typeof LIST; value: unknown[] };
  label: { key: typeof LIST; value: unknown[] };
  team: { key: typeof LIST; value: unknown[] };
}
type CacheDb = IDBPDatabase<AccountCacheSchema>;

export type StoredAccountCache = Partial<Record<CacheKeyResource, { key: CacheKey; list: unknown[] }>>;

const available = () => typeof indexedDB !== 'undefined';

/** Opens (creating or upgrading) the account's cache database. */
export function openAccountCache(accountId: number): Promise<CacheDb> {
  return openDB<AccountCacheSchema>(accountCacheName(accountId), ACCOUNT_CACHE_VERSION, {
    upgrade(db) {
      // An older layout is dropped whole: it is only a cache.
      for (const name of [...db.objectStoreNames]) db.deleteObjectStore(name);
      for (const name of ACCOUNT_CACHE_STORES) db.createObjectStore(name);
    },
    // Another tab upgrading it, or a sign-out deleting it (lib/local-data.ts): let go rather than block them.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
    },
  });
}

/**
 * A transaction's `done`, already observed: idb makes it when the transaction starts, and a transaction aborted
 * under a read (a sign-out deleting the database, another tab upgrading it) rejects it even when the caller
 * stopped at the failed read and never reached `await done`; unobserved, that is an unhandled rejection.
 * Awaiting the returned promise still rejects as the transaction did.
 */
function observedDone(tx: { done: Promise<void> }): Promise<void> {
  const done = tx.done;
  done.catch(() => undefined);
  return done;
}

/** Every stored list with the key it was stored under. */
export async function readAccountCache(db: CacheDb): Promise<StoredAccountCache> {
  const stored: StoredAccountCache = {};
  const tx = db.transaction(ACCOUNT_CACHE_STORES, 'readonly');
  const done = observedDone(tx);
  for (const resource of CACHE_KEY_RESOURCES) {
    const [list, key] = await Promise.all([tx.objectStore(resource).get(LIST), tx.objectStore('cache-keys').get(resource)]);
    if (Array.isArray(list)) stored[resource] = { key: key ?? null, list };
  }
  await done;
  return stored;
}

/** Stores a list with the key it is current for, in one transaction. */
export async function writeAccountCache(db: CacheDb, resource: CacheKeyResource, key: CacheKey, list: unknown[]): Promise<void> {
  const tx = db.transaction(['cache-keys', resource], 'readwrite');
  const done = observedDone(tx);
  await Promise.all([tx.objectStore(resource).put(list, LIST), tx.objectStore('cache-keys').put(key, resource), done]);
}

/** Forgets lists that are no longer current. */
export async function dropAccountCache(db: CacheDb, resources: CacheKeyResource[]): Promise<void> {
  if (resources.length === 0) return;
  const tx = db.transaction(['cache-keys', ...resources], 'readwrite');
  const done = observedDone(tx);
  await Promise.all([...resources.flatMap((r) => [tx.objectStore(r).delete(LIST), tx.objectStore('cache-keys').delete(r)]), done]);
}

const queryKeyOf = (accountId: number, resource: CacheKeyResource) =>
  resource === 'inbox' ? shellKeys.inboxes(accountId) : resource === 'label' ? shellKeys.labels(accountId) : shellKeys.teams(accountId);

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);

const keysOf = (value: unknown): Partial<Record<CacheKeyResource, CacheKey>> => {
  const keys = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    CACHE_KEY_RESOURCES.flatMap((r) => (typeof keys[r] === 'number' || typeof keys[r] === 'string' ? [[r, keys[r] as CacheKey]] : [])),
  );
};

/**
 * Runs the cache for one account until the returned function is called:
 * 1. lists in the database fill the shell's queries that have nothing yet (as stale data, so the mounted
 *    queries still ask the server);
 * 2. GET cache_keys: stored lists under another key are dropped; lists already answered are stored under it;
 * 3. every later answer of the three queries is stored under the current key;
 * 4. account.cache_invalidated moves the keys on and drops the lists whose key changed (the realtime layer
 *    refetches those queries, and step 3 stores the answers).
 */
export function startAccountCache(client: QueryClient, accountId: number, fetchKeys = fetchCacheKeys): () => void {
  if (!available()) return () => undefined;
  let stopped = false;
  let db: CacheDb | null = null;
  const current: Partial<Record<CacheKeyResource, CacheKey>> = {};
  let keysKnown = false;
  const hydrated = new Set<CacheKeyResource>();

  const safely = (work: () => Promise<unknown>) => {
    void work().catch(() => undefined); // a cache that fails is no cache, never an error
  };
  const store = (resource: CacheKeyResource, list: unknown) => {
    if (!db || !keysKnown || !Array.isArray(list)) return;
    safely(() => writeAccountCache(db!, resource, current[resource] ?? null, list));
  };

  const unsubscribeQueries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const resource = CACHE_KEY_RESOURCES.find((r) => sameKey(event.query.queryKey, queryKeyOf(accountId, r)));
    if (resource) {
      hydrated.delete(resource);
      store(resource, event.action.data);
    }
  });

  const unsubscribeCable = onCableEvent(({ event, data }) => {
    if (event !== 'account.cache_invalidated' || !keysKnown) return;
    const keys = keysOf(data.cache_keys);
    const changed = CACHE_KEY_RESOURCES.filter((r) => r in keys && keys[r] !== current[r]);
    Object.assign(current, keys);
    if (db) safely(() => dropAccountCache(db!, changed));
  });

  safely(async () => {
    const opened = await openAccountCache(accountId);
    if (stopped) return opened.close();
    db = opened;
    const stored = await readAccountCache(opened);
    for (const resource of CACHE_KEY_RESOURCES) {
      const entry = stored[resource];
      const queryKey = queryKeyOf(accountId, resource);
      if (!entry || stopped || client.getQueryData(queryKey) !== undefined) continue;
      client.setQueryData(queryKey, entry.list, { updatedAt: 0 });
      hydrated.add(resource);
    }
    const server = keysOf((await fetchKeys(accountId)).cache_keys);
    if (stopped) return;
    Object.assign(current, server);
    keysKnown = true;
    const stale = CACHE_KEY_RESOURCES.filter((r) => stored[r] && stored[r]!.key !== server[r]);
    await dropAccountCache(opened, stale);
    // Answers that came while the keys were asked for are stored now.
    for (const resource of CACHE_KEY_RESOURCES) {
      const state = client.getQueryState(queryKeyOf(accountId, resource));
      if (state?.status === 'success' && !hydrated.has(resource) && state.dataUpdatedAt > 0) store(resource, state.data);
    }
  });

  return () => {
    stopped = true;
    unsubscribeQueries();
    unsubscribeCable();
    db?.close();
    db = null;
  };
}

/** S1-7.06: GET cache_keys. */
export const fetchCacheKeys = (accountId: number) => api(`/api/v1/accounts/${accountId}/cache_keys`, { schema: () => import('@app/shared/accounts').then((m) => m.CacheKeysResponseSchema) });

/** The shell keeps its account's cache while it shows the account. */
export function useAccountCache(accountId: number): void {
  const client = useQueryClient();
  useEffect(() => startAccountCache(client, accountId), [client, accountId]);
}
