import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../lib/event-bus.ts';
import type { Logger } from '../../lib/logger.ts';
import { countsCache, reachOf, type Counts } from './counts-cache.ts';

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
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get(1, 'list', false, load)));
    expect(started).toHaveLength(1);
    started[0]!.resolve(counts(7));
    expect(await answers).toEqual(Array.from({ length: 20 }, () => counts(7)));
    // and the next request is a hit
    expect(await cache.get(1, 'list', false, load)).toEqual(counts(7));
    expect(started).toHaveLength(1);
  });

  it('a request after a change of the account does not join a load started before it, and that load is not kept', async () => {
    const bus = createEventBus(log);
    const cache = countsCache(bus);
    const { started, load } = loads();
    const before = cache.get(1, 'list', false, load);
    bus.publish({ name: 'conversation.status_changed', accountId: 1, inboxId: 1, data: {} } as never);
    await delivered();
    const after = cache.get(1, 'list', false, load);
    expect(started).toHaveLength(2);
    started[0]!.resolve(counts(1));
    started[1]!.resolve(counts(2));
    expect(await before).toEqual(counts(1));
    expect(await after).toEqual(counts(2));
    expect(await cache.get(1, 'list', false, load)).toEqual(counts(2));
    expect(started).toHaveLength(2);
  });

  it('keys and accounts load apart; a failed load is not kept and the next request loads again', async () => {
    const cache = countsCache(createEventBus(log));
    const { started, load } = loads();
    const a = cache.get(1, 'list', false, load);
    const b = cache.get(1, 'filter', false, load);
    const c = cache.get(2, 'list', false, load);
    expect(started).toHaveLength(3);
    started[0]!.reject(new Error('database down'));
    started[1]!.resolve(counts(1));
    started[2]!.resolve(counts(2));
    await expect(a).rejects.toThrow('database down');
    expect(await b).toEqual(counts(1));
    expect(await c).toEqual(counts(2));
    const again = cache.get(1, 'list', false, load);
    expect(started).toHaveLength(4);
    started[3]!.resolve(counts(3));
    expect(await again).toEqual(counts(3));
  });

  it('a message drops the counts that read activity and keeps the others; a status change drops both', async () => {
    const bus = createEventBus(log);
    const cache = countsCache(bus);
    const { started, load } = loads();
    const fill = async (key: string, activity: boolean, value: number) => {
      const answer = cache.get(1, key, activity, load);
      started.at(-1)!.resolve(counts(value));
      return answer;
    };
    await fill('open', false, 1);
    await fill('unattended', true, 2);
    expect(started).toHaveLength(2);

    bus.publish({ name: 'message.created', accountId: 1, inboxId: 1, data: {} } as never);
    await delivered();
    expect(await cache.get(1, 'open', false, load)).toEqual(counts(1));
    expect(started).toHaveLength(2);
    const unattended = cache.get(1, 'unattended', true, load);
    expect(started).toHaveLength(3);
    started[2]!.resolve(counts(3));
    expect(await unattended).toEqual(counts(3));

    // another account's message, a notification, typing: nothing dropped
    bus.publish({ name: 'message.created', accountId: 2, inboxId: 1, data: {} } as never);
    bus.publish({ name: 'notification.created', accountId: 1, userId: 1, data: {} } as never);
    bus.publish({ name: 'conversation.typing_on', accountId: 1, inboxId: 1, data: {} } as never);
    await delivered();
    expect(await cache.get(1, 'unattended', true, load)).toEqual(counts(3));

    bus.publish({ name: 'conversation.status_changed', accountId: 1, inboxId: 1, data: {} } as never);
    await delivered();
    const open = cache.get(1, 'open', false, load);
    const again = cache.get(1, 'unattended', true, load);
    expect(started).toHaveLength(5);
    started[3]!.resolve(counts(4));
    started[4]!.resolve(counts(5));
    expect([await open, await again]).toEqual([counts(4), counts(5)]);
  });

  it('a load across a message is kept for counts that do not read activity, not for those that do', async () => {
    const bus = createEventBus(log);
    const cache = countsCache(bus);
    const { started, load } = loads();
    const open = cache.get(1, 'open', false, load);
    const unattended = cache.get(1, 'unattended', true, load);
    bus.publish({ name: 'message.created', accountId: 1, inboxId: 1, data: {} } as never);
    await delivered();
    // a request after the message joins the first load, not the second
    const openAfter = cache.get(1, 'open', false, load);
    const unattendedAfter = cache.get(1, 'unattended', true, load);
    expect(started).toHaveLength(3);
    started.forEach((s, i) => s.resolve(counts(i)));
    expect([await open, await openAfter, await unattended, await unattendedAfter]).toEqual([counts(0), counts(0), counts(1), counts(2)]);
    expect(await cache.get(1, 'open', false, load)).toEqual(counts(0));
    expect(await cache.get(1, 'unattended', true, load)).toEqual(counts(2));
    expect(started).toHaveLength(3);
  });

  it('reaches: conversation changes and unknown events reach every count, activity events the activity counts, the rest none', () => {
    for (const name of ['conversation.created', 'conversation.updated', 'conversation.status_changed', 'assignee.changed', 'conversation.contact_changed', 'contact.deleted', 'something.new']) {
      expect(reachOf(name), name).toBe('all');
    }
    for (const name of ['message.created', 'message.updated', 'first.reply.created', 'conversation.read', 'conversation.mentioned', 'conversation.participants_changed', 'contact.updated']) {
      expect(reachOf(name), name).toBe('activity');
    }
    for (const name of ['notification.created', 'payment_record.updated', 'withdraw_issue.created', 'conversation.typing_on', 'account.cache_invalidated', 'user:logout']) {
      expect(reachOf(name), name).toBe('none');
    }
  });
});
