import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../lib/event-bus.ts';
import type { Logger } from '../../lib/logger.ts';
import { countsCache, type Counts } from './counts-cache.ts';

const log = { error() {} } as unknown as Logger;
const counts = (all: number): Counts => ({ all, mine: 0, unassigned: 0 });

/** A load the test settles by hand, counting how often the cache started one. */
function loads() {
  const started: { resolve: (value: Counts) => void; reject: (error: Error) => void }[] = [];
  const load = () => new Promise<Counts>((resolve, reject) => started.push({ resolve, reject }));
  return { started, load };
}

// the bus hands events to listeners on a later microtask
const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('conversation counts cache', () => {
  it('requests that miss together share one load', async () => {
    const cache = countsCache(createEventBus(log));
    const { started, load } = loads();
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get(1, 'list', load)));
    expect(started).toHaveLength(1);
    started[0]!.resolve(counts(7));
    expect(await answers).toEqual(Array.from({ length: 20 }, () => counts(7)));
    // and the next request is a hit
    expect(await cache.get(1, 'list', load)).toEqual(counts(7));
    expect(started).toHaveLength(1);
  });

  it('a request after a change of the account does not join a load started before it, and that load is not kept', async () => {
    const bus = createEventBus(log);
    const cache = countsCache(bus);
    const { started, load } = loads();
    const before = cache.get(1, 'list', load);
    bus.publish({ name: 'conversation.status_changed', accountId: 1, inboxId: 1, data: {} } as never);
    await delivered();
    const after = cache.get(1, 'list', load);
    expect(started).toHaveLength(2);
    started[0]!.resolve(counts(1));
    started[1]!.resolve(counts(2));
    expect(await before).toEqual(counts(1));
    expect(await after).toEqual(counts(2));
    expect(await cache.get(1, 'list', load)).toEqual(counts(2));
    expect(started).toHaveLength(2);
  });

  it('keys and accounts load apart; a failed load is not kept and the next request loads again', async () => {
    const cache = countsCache(createEventBus(log));
    const { started, load } = loads();
    const a = cache.get(1, 'list', load);
    const b = cache.get(1, 'filter', load);
    const c = cache.get(2, 'list', load);
    expect(started).toHaveLength(3);
    started[0]!.reject(new Error('database down'));
    started[1]!.resolve(counts(1));
    started[2]!.resolve(counts(2));
    await expect(a).rejects.toThrow('database down');
    expect(await b).toEqual(counts(1));
    expect(await c).toEqual(counts(2));
    const again = cache.get(1, 'list', load);
    expect(started).toHaveLength(4);
    started[3]!.resolve(counts(3));
    expect(await again).toEqual(counts(3));
  });
});
