import type { EventBus } from '../../lib/event-bus.ts';

/** A count may be this old when another process changed the contacts (this one hears only its own events). */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * The `meta.count` of contact lists, searches and filters costs a scan of every matching contact (a million for
 * the unfiltered list of a big account), while the page itself is an index walk of 15 rows. Counts are kept per
 * account and per exact query (labels, q, filter rows), dropped the moment a contact event of that account passes
 * on the bus (from any process: `EventBus.observe`), and after TTL_MS in any case. One cache per bus, i.e. per app (as the conversations' tab counts).
 */
class ContactCountCache {
  private readonly entries = new Map<string, { at: number; value: number }>();
  private readonly keysByAccount = new Map<number, Set<string>>();
  /** Moves on every change of an account, so a count loaded across a change is not kept. */
  private readonly generations = new Map<number, number>();

  constructor(bus: EventBus) {
    bus.observe((event) => {
      if (event.name.startsWith('contact.')) this.dropAccount(event.accountId);
    });
  }

  async get(accountId: number, key: string, load: () => Promise<number>): Promise<number> {
    const full = `${accountId}:${key}`;
    const hit = this.entries.get(full);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const generation = this.generations.get(accountId) ?? 0;
    const value = await load();
    if (generation === (this.generations.get(accountId) ?? 0)) this.set(accountId, full, value);
    return value;
  }

  private set(accountId: number, key: string, value: number) {
    if (this.entries.size >= MAX_ENTRIES) {
      this.entries.clear();
      this.keysByAccount.clear();
    }
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
}

const caches = new WeakMap<EventBus, ContactCountCache>();

export function contactCountCache(bus: EventBus): ContactCountCache {
  let cache = caches.get(bus);
  if (!cache) caches.set(bus, (cache = new ContactCountCache(bus)));
  return cache;
}
