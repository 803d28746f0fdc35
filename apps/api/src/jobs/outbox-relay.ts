import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { schema, type Db, type Executor } from '@app/db';
import type { OutboxLane } from '@app/db/schema';
import type { ContactPush } from '@app/shared/contacts';
import type { Conversation } from '@app/shared/conversations';
import type { DomainEvent, TypingEventData } from '@app/shared/events';
import type { Message } from '@app/shared/messages';
import { systemCtx, type Services } from '../lib/context.ts';
import type { OutboxEventName } from '../lib/outbox.ts';
import { contactPushByIds } from '../modules/contacts/service.ts';
import { presentConversationsByIds } from '../modules/conversations/service.ts';
import { findMessagesByIds, serializeMessages } from '../modules/messages/service.ts';

type OutboxRow = typeof schema.outboxEvents.$inferSelect;

/** An outbox row presented: the domain event as listeners know it, what the row says besides, and its batch. */
export type RelayedEvent = { event: DomainEvent; resend: boolean; row: OutboxRow; batch?: RelayBatch };

/**
 * What the rows of one relay batch share, read once for all of them and every consumer: the conversations
 * and messages they name, presented in a fixed number of queries per account (not a few per row), and a
 * memo for what consumers look up again and again (an account's webhooks, an inbox's target, names).
 */
export type RelayBatch = {
  /** A conversation's push payload by its display id, or null when it is gone. */
  conversation: (accountId: number, displayId: number) => Conversation | null;
  memo: <T>(key: string, load: () => Promise<T>) => Promise<T>;
};

const CONVERSATION_EVENTS = new Set(['conversation.created', 'conversation.updated', 'conversation.status_changed', 'assignee.changed']);
const CONTACT_EVENTS = new Set(['contact.created', 'contact.updated']);
const MESSAGE_EVENTS = new Set(['message.created', 'message.updated', 'message.resend', 'conversation.mentioned']);

/** The conversations and messages the rows name, presented as they are now (at the start of the batch). */
async function prepareBatch(services: Services, tx: Executor, rows: OutboxRow[]) {
  const conversations = new Map<number, Conversation>();
  const byDisplayId = new Map<string, Conversation>();
  const messages = new Map<number, Message>();
  const contacts = new Map<string, ContactPush>();
  for (const accountId of new Set(rows.map((r) => r.accountId))) {
    const ctx = { ...systemCtx(services, accountId, 'outbox'), db: tx as Db };
    const mine = rows.filter((r) => r.accountId === accountId);
    const ids = (names: Set<string>, key: 'conversationId' | 'messageId') => [...new Set(mine.filter((r) => names.has(r.name)).flatMap((r) => (r.subject[key] ? [r.subject[key]] : [])))];
    // a message's webhook payload carries its conversation: those are presented with the rest
    const conversationIds = [...new Set([...ids(CONVERSATION_EVENTS, 'conversationId'), ...ids(MESSAGE_EVENTS, 'conversationId')])];
    for (const [id, conversation] of await presentConversationsByIds(ctx, conversationIds)) {
      conversations.set(id, conversation);
      byDisplayId.set(`${accountId}:${conversation.id}`, conversation);
    }
    const found = await findMessagesByIds(tx, accountId, ids(MESSAGE_EVENTS, 'messageId'));
    for (const message of await serializeMessages(ctx, found)) messages.set(message.id, message);
    const contactIds = [...new Set(mine.filter((r) => CONTACT_EVENTS.has(r.name)).flatMap((r) => (r.subject.contactId ? [r.subject.contactId] : [])))];
    if (contactIds.length > 0) for (const [id, push] of await contactPushByIds(ctx, contactIds)) contacts.set(`${accountId}:${id}`, push);
  }
  const memo = new Map<string, Promise<unknown>>();
  const batch: RelayBatch = {
    conversation: (accountId, displayId) => byDisplayId.get(`${accountId}:${displayId}`) ?? null,
    memo: <T>(key: string, load: () => Promise<T>) => {
      if (!memo.has(key)) memo.set(key, load());
      return memo.get(key) as Promise<T>;
    },
  };
  return { batch, conversations, messages, contacts };
}
type Prepared = Awaited<ReturnType<typeof prepareBatch>>;

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
 * A consumer that handles a batch's events one at a time: for work that is rare (a CSAT survey on a resolve,
 * settling a reply with nowhere to go), where a query per event it concerns costs nothing worth batching.
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

/**
 * Relays a lane's job runs at once, each over its own share of the rows (a partition): while one waits on
 * Postgres the other works. A row's partition is its conversation's (else its contact's, else its account's)
 * id modulo this, so the rows of one conversation are relayed in order by one relay, never two at once.
 */
export const RELAY_PARTITIONS = 2;

/** The partition of an outbox row (see RELAY_PARTITIONS). */
const partitionOf = (o: typeof schema.outboxEvents) =>
  sql`mod(coalesce((${o.subject}->>'conversationId')::bigint, (${o.subject}->>'contactId')::bigint, ${o.accountId}), ${RELAY_PARTITIONS})`;

/**
 * Presents an outbox row as it is now (as Chatwoot's jobs do, which reload their records): the
 * conversation, message or contact push payload, from what its batch presented. Answers null when the
 * subject is gone (deleted since).
 */
async function present(services: Services, tx: Executor, row: OutboxRow, prepared: Prepared): Promise<DomainEvent | null> {
  const { subject } = row;
  const name = row.name as OutboxEventName;
  const inboxId = row.inboxId ?? 0;
  switch (name) {
    case 'conversation.typing_on':
    case 'conversation.typing_off':
      // the payload toggleTyping recorded (jsonb keeps no type)
      return subject.data ? { name, accountId: row.accountId, inboxId, data: subject.data as TypingEventData } : null;
    case 'conversation.created':
    case 'conversation.updated':
    case 'conversation.status_changed':
    case 'assignee.changed': {
      const presented = prepared.conversations.get(subject.conversationId!);
      // what the change did (changed_attributes), recorded with it
      const data = presented && { ...presented, ...subject.data };
      return data ? { name, accountId: row.accountId, inboxId, ...(subject.actorId ? { actorId: subject.actorId } : {}), data } : null;
    }
    case 'message.created':
    case 'message.updated':
    case 'message.resend':
    case 'conversation.mentioned': {
      const data = prepared.messages.get(subject.messageId!);
      if (!data) return null;
      if (name === 'conversation.mentioned') {
        return { name, accountId: row.accountId, inboxId, userId: subject.userId!, data: { id: data.conversation_id, inbox_id: inboxId, account_id: row.accountId, message: data } };
      }
      return { name: name === 'message.resend' ? 'message.created' : name, accountId: row.accountId, inboxId, data };
    }
    case 'contact.created':
    case 'contact.updated': {
      const contact = prepared.contacts.get(`${row.accountId}:${subject.contactId}`);
      return contact ? { name, accountId: row.accountId, data: contact } : null;
    }
  }
}

/**
 * Relays one batch of a lane (of one of its partitions when given): claims the oldest undispatched rows
 * (SKIP LOCKED: relays in several processes share the work), hands the presented events to every
 * consumer and marks the rows dispatched, all in one transaction. A crash anywhere rolls the batch back for the next relay.
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
  const relayed = await services.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(o)
      .where(and(eq(o.lane, lane), isNull(o.dispatchedAt), partition === undefined ? undefined : sql`${partitionOf(o)} = ${partition}`))
      .orderBy(asc(o.id))
      .limit(RELAY_BATCH)
      .for('update', { skipLocked: true });
    const prepared = await prepareBatch(services, tx, rows);
    const events: RelayedEvent[] = [];
    for (const row of rows) {
      const event = await present(services, tx, row, prepared);
      if (event) events.push({ event, resend: row.name === 'message.resend', row, batch: prepared.batch });
    }
    for (const consume of events.length > 0 ? consumers : []) {
      const then = await consume(tx, services, events);
      for (const step of [then].flat()) if (typeof step === 'function') after.push(step as AfterCommit);
    }
    if (rows.length > 0) await tx.update(o).set({ dispatchedAt: new Date() }).where(inArray(o.id, rows.map((r) => r.id)));
    return rows.length;
  });
  for (const then of after) await then().catch((err: unknown) => services.log.error({ err }, 'outbox: after-commit work failed'));
  return relayed;
}

/** Relays a lane until it is empty: a relay per partition, at once. Answers how many rows were relayed. */
export async function drainOutbox(services: Services, lane: OutboxLane, consumers: OutboxConsumer[]): Promise<number> {
  const drainPartition = async (partition: number) => {
    let total = 0;
    for (;;) {
      const n = await relayOutbox(services, lane, consumers, partition);
      total += n;
      if (n < RELAY_BATCH) return total;
    }
  };
  const totals = await Promise.all(Array.from({ length: RELAY_PARTITIONS }, (_, partition) => drainPartition(partition)));
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
