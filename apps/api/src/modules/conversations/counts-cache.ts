import type { EventBus } from '../../lib/event-bus.ts';

export type Counts = { all: number; mine: number; unassigned: number };

/** A count may be this old when another process changed the conversations (this one hears only its own events). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Tab counts (mine / unassigned / all) cost a scan of every matching conversation, and every list, meta,
 * filter and search request asks for them. They are kept per account and per exact query (scope and
 * filters), dropped the moment a conversation or message event of that account passes on the bus, and
 * after TTL_MS in any case. Requests that miss together share one load (the requests of a busy dashboard
 * all miss at the moment an entry expires). One cache per bus, i.e. per app.
 */
class CountsCache {
  private readonly entries = new Map<string, { at: number; value: Counts }>();
  private readonly keysByAccount = new Map<number, Set<string>>();
  /** Moves on every change of an account, so a count loaded across a change is not kept. */
  private readonly generations = new Map<number, number>();
  /** Loads in flight, each with the generation it started in: a request joins one only if nothing changed since. */
  private readonly loading = new Map<string, { generation: number; value: Promise<Counts> }>();

  constructor(bus: EventBus) {
    bus.subscribe((event) => {
      if (event.name !== 'account.cache_invalidated' && !event.name.startsWith('conversation.typing')) this.dropAccount(event.accountId);
    });
  }

  async get(accountId: number, key: string, load: () => Promise<Counts>): Promise<Counts> {
    const full = `${accountId}:${key}`;
    const hit = this.entries.get(full);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const generation = this.generations.get(accountId) ?? 0;
    const inFlight = this.loading.get(full);
    if (inFlight?.generation === generation) return inFlight.value;
    const value = load();
    this.loading.set(full, { generation, value });
    try {
      const counts = await value;
      if (generation === (this.generations.get(accountId) ?? 0)) this.set(accountId, full, counts);
      return counts;
    } finally {
      if (this.loading.get(full)?.value === value) this.loading.delete(full);
    }
  }

  private set(accountId: number, key: string, value: Counts) {
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(key, { at: Date.now(), value });
    let keys = this.keysByAccount.get(accountId);
    if (!keys) this.keysByAccount.set(accountId, (keys = new Set()));
    keys.add(key);
  }

  private dropAccount(accountId: number) {
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
    const keys = this.keysByAccount.get(accountId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysByAccount.delete(accountId);
  }

  private clear() {
    this.entries.clear();
    this.keysByAccount.clear();
  }
}

const caches = new WeakMap<EventBus, CountsCache>();

export function countsCache(bus: EventBus): CountsCache {
  let cache = caches.get(bus);
  if (!cache) caches.set(bus, (cache = new CountsCache(bus)));
  return cache;
}
