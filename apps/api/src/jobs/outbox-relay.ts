import { and, asc, eq, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import { anyInteger, preparedFor, readsBeside, schema, sqlInteger, type Executor } from '@app/db';
import { OUTBOX_LANES, OUTBOX_PARTITIONS, outboxPartition, type OutboxLane } from '@app/db/schema';
import type { Conversation } from '@app/shared/conversations';
import type { DomainEvent } from '@app/shared/events';
import type { Services } from '../lib/context.ts';
import { loadSubjects, presentEntries, type EventEntry, type EventName } from '../lib/events.ts';

type OutboxRow = typeof schema.outboxEvents.$inferSelect;

/** An outbox row presented: the domain event as listeners know it, what the row says besides, and its batch. */
export type RelayedEvent = { event: DomainEvent; resend: boolean; row: OutboxRow; batch?: RelayBatch };

/**
 * What the rows of one relay batch share, read once for all of them and every consumer: the conversations
 * and messages they name, presented in a fixed number of queries per account (not a few per row), and a
 * memo for what consumers look up again and again (an account's webhooks, an inbox's target, names).
 */
export type RelayBatch = {
  /**
   * A message event's conversation as its push payload, by display id, or null when it is gone. The first call
   * presents the conversations of every message event of the batch at once; a batch nobody asks (no webhook
   * wants its messages) loads none.
   */
  conversation: (accountId: number, displayId: number) => Promise<Conversation | null>;
  memo: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /**
   * A write to run in the batch's transaction after every consumer, right before the rows are marked dispatched:
   * for rows every relay writes (the report rollups' cells of an account and quarter hour), whose locks the other
   * relays then wait on for the commit alone, not for the rest of this batch.
   */
  late: (write: () => Promise<void>) => void;
};

const entryOf = (row: OutboxRow): EventEntry => ({ name: row.name as EventName, accountId: row.accountId, inboxId: row.inboxId, subject: row.subject });

/** A message's webhook payload carries its conversation: the batch presents those when first asked. */
const MESSAGE_EVENTS = new Set<string>(['message.created', 'message.updated', 'message.resend', 'conversation.mentioned']);

/** The batch's shared view: its message events' conversations (when asked), and the memo. */
function batchOf(services: Services, db: Executor, entries: readonly EventEntry[], late: (() => Promise<void>)[]): RelayBatch {
  const memo = new Map<string, Promise<unknown>>();
  const remember = <T>(key: string, load: () => Promise<T>) => {
    // Promise.resolve: a drizzle query is a thenable that runs again each time it is awaited; kept as it is, the
    // memo would send the statement once per use instead of once per batch
    if (!memo.has(key)) memo.set(key, Promise.resolve(load()));
    return memo.get(key) as Promise<T>;
  };
  const conversations = () =>
    remember('relay:conversations', async () => {
      const needs = entries.flatMap((entry) =>
        MESSAGE_EVENTS.has(entry.name) && entry.subject.conversationId ? [{ accountId: entry.accountId, kind: 'conversation' as const, id: entry.subject.conversationId }] : [],
      );
      const subjects = await loadSubjects(services, db, needs, { origin: 'outbox' });
      return new Map(subjects.list('conversation').map(({ accountId, value }) => [`${accountId}:${value.id}`, value]));
    });
  return {
    conversation: async (accountId, displayId) => (await conversations()).get(`${accountId}:${displayId}`) ?? null,
    memo: remember,
    late: (write) => void late.push(write),
  };
}

/**
 * What the relay hands a batch's presented events to (in outbox order), inside its transaction: whatever a
 * consumer writes (deliveries, notifications, report facts) commits together with the rows being marked
 * dispatched, so it happens exactly once. A consumer takes the whole batch so it can read what the events
 * need in a fixed number of queries and write them in one statement per table, not a few round trips per
 * event. It may answer a function to run after the commit (announcing what it wrote).
 */
export type OutboxConsumer = (tx: Executor, services: Services, events: RelayedEvent[]) => Promise<AfterCommit | AfterCommit[] | unknown>;
export type AfterCommit = () => Promise<void>;

/**
 * A consumer that handles a batch's events one at a time: for work that is rare (a CSAT survey on a resolve),
 * where a query per event it concerns costs nothing worth batching.
 */
export function perEvent(consume: (tx: Executor, services: Services, relayed: RelayedEvent) => Promise<AfterCommit | undefined>): OutboxConsumer {
  return async (tx, services, events) => {
    const after: AfterCommit[] = [];
    for (const relayed of events) {
      const then = await consume(tx, services, relayed);
      if (then) after.push(then);
    }
    return after;
  };
}

/** Rows one relay transaction takes; the job loops until a lane is empty. */
export const RELAY_BATCH = 100;

/** Relays a lane's job runs at once, each over its own partition of the rows (`OUTBOX_PARTITIONS`). */
export const RELAY_PARTITIONS = OUTBOX_PARTITIONS;

/**
 * Relays one batch of a lane (of one of its partitions when given): takes the partition's relay lock (a relay of
 * the same partition in another process finishes its batch first), claims the oldest undispatched rows, hands the
 * presented events to every consumer and marks the rows dispatched, all in one transaction. A crash anywhere rolls the batch back for the next relay.
 * Answers how many rows it relayed.
 */
export async function relayOutbox(services: Services, lane: OutboxLane, consumers: OutboxConsumer[], partition?: number): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await relayBatch(services, lane, consumers, partition);
    } catch (err) {
      // Relays of two lanes (or two processes) may touch the same rows in another order (a conversation, the
      // report rollups of the same quarter hour): Postgres then aborts one of them. Nothing of the batch was
      // written, and each consumer is idempotent, so the batch is simply tried again.
      if (attempt >= RELAY_ATTEMPTS || !isLockConflict(err)) throw err;
      services.log.warn({ lane, attempt }, 'outbox: batch aborted by a lock conflict, retrying');
    }
  }
}

/**
 * The advisory lock a relay batch holds on its lane's partition (first key; any constant unused by other locks; the
 * second is the lane's index times OUTBOX_PARTITIONS plus the partition). SKIP LOCKED alone lets two relays of one
 * partition run at once when several processes run workers (the default cluster): the second claims the rows after
 * the first's batch, and a conversation's later events were relayed beside, even before, its earlier ones. Taken
 * first in the batch's transaction, before the claim, it makes a partition's batches follow one another across
 * processes: the second relay waits for the first's commit, then claims what is still waiting (its snapshot is taken
 * after the wait, so it sees the first's rows as dispatched).
 */
export const RELAY_LOCK_CLASS = 72_635_530;

/** Takes the relay lock of a lane's partition (of all its partitions, in order, when none is given). */
async function lockPartitions(tx: Executor, lane: OutboxLane, partition: number | undefined): Promise<void> {
  const first = OUTBOX_LANES.indexOf(lane) * OUTBOX_PARTITIONS;
  const [from, to] = partition === undefined ? [first, first + OUTBOX_PARTITIONS - 1] : [first + partition, first + partition];
  await tx.execute(sql`select pg_advisory_xact_lock(${RELAY_LOCK_CLASS}, k) from generate_series(${from}::integer, ${to}::integer) as k`);
}

/** Attempts of one batch when Postgres aborts it for a deadlock or a serialization failure. */
const RELAY_ATTEMPTS = 5;

/** A deadlock or serialization failure (drizzle wraps the driver's error in `cause`). */
function isLockConflict(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
}

async function relayBatch(services: Services, lane: OutboxLane, consumers: OutboxConsumer[], partition: number | undefined): Promise<number> {
  const o = schema.outboxEvents;
  const after: AfterCommit[] = [];
  // where a batch's time goes, in the debug log (LOG_LEVEL=debug): claim, presentation, each consumer, commit
  const started = performance.now();
  const steps: number[] = [];
  let last = started;
  const step = () => {
    const now = performance.now();
    steps.push(Math.round(now - last));
    last = now;
  };
  const relayed = await services.db.transaction(async (tx) => {
    await lockPartitions(tx, lane, partition);
    const rows = await tx
      .select()
      .from(o)
      .where(and(eq(o.lane, lane), isNull(o.dispatchedAt), partition === undefined ? undefined : sql`${outboxPartition(o)} = ${partition}`))
      .orderBy(asc(o.id))
      .limit(RELAY_BATCH)
      .for('update', { skipLocked: true });
    step();
    // each row as it is now (as Chatwoot's jobs reload their records), by the presenters that announced it; on
    // Postgres the reads run beside the transaction, several at once (they read what committed before the rows)
    const readOn = readsBeside(services.db) ?? tx;
    const entries = rows.map(entryOf);
    const presented = await presentEntries(services, readOn, entries, { origin: 'outbox' });
    step();
    const late: (() => Promise<void>)[] = [];
    const batch = batchOf(services, readOn, entries, late);
    const events: RelayedEvent[] = [];
    rows.forEach((row, i) => {
      const event = presented.events[i];
      if (event) events.push({ event, resend: row.name === 'message.resend', row, batch });
    });
    for (const consume of events.length > 0 ? consumers : []) {
      const then = await consume(tx, services, events);
      for (const next of [then].flat()) if (typeof next === 'function') after.push(next as AfterCommit);
      step();
    }
    for (const write of late) await write();
    if (rows.length > 0) await tx.update(o).set({ dispatchedAt: new Date() }).where(anyInteger(o.id, rows.map((r) => r.id), 'bigint'));
    return rows.length;
  });
  step();
  if (relayed > 0) services.log.debug({ lane, partition, rows: relayed, ms: Math.round(performance.now() - started), steps }, 'outbox: batch relayed');
  for (const then of after) await then().catch((err: unknown) => services.log.error({ err }, 'outbox: after-commit work failed'));
  return relayed;
}

/** The statement of waitingPartitions (exported for the test of its plan). */
export function waitingPartitionsQuery(d: Executor, lane: OutboxLane | Placeholder) {
  const o = schema.outboxEvents;
  return d
    .select({ partition: sql<number>`p.n` })
    .from(
      sql`generate_series(0, ${sqlInteger(RELAY_PARTITIONS - 1)}) as p(n) cross join lateral (
        select 1 from ${o} where ${o.lane} = ${lane} and ${o.dispatchedAt} is null and ${outboxPartition(o)} = p.n
        order by ${o.id} limit 1) as waiting`,
    );
}

/**
 * The partitions of a lane with rows waiting, in one statement: a relay claims in a transaction of three round
 * trips, which for an empty lane or partition is all it does. Every commit asks for both lanes' relays, so without
 * this a message relayed alone cost four claims, three of them empty. Each partition is one probe of the pending
 * index in id order that stops at its first row, so the look costs the same behind a backlog of 50,000 rows as
 * behind none; a DISTINCT over the lane's waiting rows read all of them at every drain, and once statistics taken
 * during a backlog said half the outbox waits, its generic plan read the whole table (docs/benchmarks.md,
 * "Sixteenth session").
 */
async function waitingPartitions(db: Executor, lane: OutboxLane): Promise<number[]> {
  const rows = await preparedFor(db, 'outbox_waiting_partitions', (d) => waitingPartitionsQuery(d, sql.placeholder('lane'))).execute({ lane });
  return rows.map((r) => r.partition);
}

/**
 * Relays a lane until it is empty: a relay per partition with rows waiting, at once. Answers how many rows were
 * relayed. Rows committed after the look are asked for by their own commit (and found by the sweep at the latest).
 */
export async function drainOutbox(services: Services, lane: OutboxLane, consumers: OutboxConsumer[]): Promise<number> {
  const drainPartition = async (partition: number) => {
    let total = 0;
    for (;;) {
      const n = await relayOutbox(services, lane, consumers, partition);
      total += n;
      if (n < RELAY_BATCH) return total;
    }
  };
  // on the relay's read pool where there is one: its generic plan (a custom plan per run cost three times the look)
  const totals = await Promise.all((await waitingPartitions(readsBeside(services.db) ?? services.db, lane)).map(drainPartition));
  return totals.reduce((a, b) => a + b, 0);
}

/** Dispatched rows are kept this long (to look into what an event caused), then pruned. */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Deletes dispatched rows older than the retention; answers how many. */
export async function pruneOutbox(services: Services, now = new Date()): Promise<number> {
  const o = schema.outboxEvents;
  const rows = await services.db.delete(o).where(lt(o.dispatchedAt, new Date(now.getTime() - OUTBOX_RETENTION_MS))).returning({ id: o.id });
  return rows.length;
}
