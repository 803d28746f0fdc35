import type { DomainEvent } from '@app/shared/events';
import type { EventBus } from '../../lib/event-bus.ts';

export type Counts = { all: number; mine: number; unassigned: number };

/** A count may be this old when another process changed the conversations (this one hears only its own events). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Which counts an event can move. 'all': it may change a conversation's status, assignee, inbox, team or labels, or
 * remove conversations (and any event not listed here, to be safe). 'activity': it changes what only counts over a
 * conversation's messages, contact or participants read (last activity, waiting since, first reply, mentions,
 * participants, contact fields: the activity-dependent lists, filters and searches). 'none': it touches no
 * conversation (notifications, payments, imports, typing, settings caches).
 */
type Reach = 'all' | 'activity' | 'none';

const ACTIVITY_EVENTS: ReadonlySet<string> = new Set([
  'message.created',
  'message.updated',
  'first.reply.created',
  'conversation.read',
  'conversation.mentioned',
  'conversation.participants_changed',
  'contact.created',
  'contact.updated',
] satisfies DomainEvent['name'][]);
const UNCOUNTED_PREFIXES = ['notification.', 'payment_record.', 'withdraw_issue.', 'payment_import.', 'contact_import.', 'contact_export.', 'conversation.typing', 'account.cache_invalidated', 'user:logout'];

export function reachOf(name: string): Reach {
  if (ACTIVITY_EVENTS.has(name)) return 'activity';
  return UNCOUNTED_PREFIXES.some((prefix) => name.startsWith(prefix)) ? 'none' : 'all';
}

/** What an account's changes have been: every change, and the changes that reach every count. */
type Generation = { any: number; all: number };

/**
 * Tab counts (mine / unassigned / all) cost a scan of every matching conversation, and every list, meta, filter and
 * search request asks for them. They are kept per account and per exact query (scope and filters), dropped the
 * moment an event of that account that can move them passes on the bus (`reachOf`; another process's event too, as the
 * realtime backbone brings it: `EventBus.observe`), and after TTL_MS in any case.
 * A count over status, assignee, inbox, team and labels alone (`activity: false`: the default tabs of a desk) is
 * kept across messages, so a busy account's lists do not count again after every message. Requests that miss together
 * share one load (the requests of a busy dashboard all miss at the moment an entry expires). One cache per bus, i.e.
 * per app.
 */
class CountsCache {
  private readonly entries = new Map<string, { at: number; value: Counts }>();
  /** Each account's keys, and those of them that depend on activity. */
  private readonly keysByAccount = new Map<number, { all: Set<string>; activity: Set<string> }>();
  /** Moves on every change of an account, so a count loaded across a change that reaches it is not kept. */
  private readonly generations = new Map<number, Generation>();
  /** Loads in flight, each with the generation it started in: a request joins one only if nothing reaching it changed since. */
  private readonly loading = new Map<string, { generation: number; value: Promise<Counts> }>();

  constructor(bus: EventBus) {
    bus.observe((event) => {
      const reach = reachOf(event.name);
      if (reach !== 'none') this.changed(event.accountId, reach);
    });
  }

  /** `activity`: whether the counts read what 'activity' events change (reachOf). */
  async get(accountId: number, key: string, activity: boolean, load: () => Promise<Counts>): Promise<Counts> {
    const full = `${accountId}:${key}`;
    const hit = this.entries.get(full);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const generation = this.generationOf(accountId, activity);
    const inFlight = this.loading.get(full);
    if (inFlight?.generation === generation) return inFlight.value;
    const value = load();
    this.loading.set(full, { generation, value });
    try {
      const counts = await value;
      if (generation === this.generationOf(accountId, activity)) this.set(accountId, full, activity, counts);
      return counts;
    } finally {
      if (this.loading.get(full)?.value === value) this.loading.delete(full);
    }
  }

  private generationOf(accountId: number, activity: boolean): number {
    const generation = this.generations.get(accountId);
    return generation ? (activity ? generation.any : generation.all) : 0;
  }

  private set(accountId: number, key: string, activity: boolean, value: Counts) {
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(key, { at: Date.now(), value });
    let keys = this.keysByAccount.get(accountId);
    if (!keys) this.keysByAccount.set(accountId, (keys = { all: new Set(), activity: new Set() }));
    keys.all.add(key);
    if (activity) keys.activity.add(key);
  }

  private changed(accountId: number, reach: Exclude<Reach, 'none'>) {
    const generation = this.generations.get(accountId) ?? { any: 0, all: 0 };
    this.generations.set(accountId, { any: generation.any + 1, all: generation.all + (reach === 'all' ? 1 : 0) });
    const keys = this.keysByAccount.get(accountId);
    if (!keys) return;
    if (reach === 'all') {
      for (const key of keys.all) this.entries.delete(key);
      this.keysByAccount.delete(accountId);
      return;
    }
    for (const key of keys.activity) {
      this.entries.delete(key);
      keys.all.delete(key);
    }
    keys.activity.clear();
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
