import type { Executor } from '@app/db';
import { schema } from '@app/db';
import type { OutboxLane, OutboxSubject } from '@app/db/schema';

/**
 * Event names the outbox carries: the domain events that cause work outside the transaction
 * (webhooks, channel deliveries, notifications), and `message.resend` (an agent retried a failed
 * outgoing message: the channel gets it once more).
 */
export type OutboxEventName =
  | 'conversation.created'
  | 'conversation.updated'
  | 'conversation.status_changed'
  | 'assignee.changed'
  | 'conversation.mentioned'
  | 'conversation.typing_on'
  | 'conversation.typing_off'
  | 'message.created'
  | 'message.updated'
  | 'message.resend'
  | 'contact.created'
  | 'contact.updated';

export type OutboxEntry = { name: OutboxEventName; accountId: number; inboxId?: number | null; subject: OutboxSubject };

/**
 * Writes what a change will cause, in the caller's transaction (pass the transaction, not the
 * database, whenever the change has one): committed together with the change or not at all. The
 * relay (jobs/outbox-relay.ts) fans each row out once.
 */
export async function recordEvents(db: Executor, entries: OutboxEntry[], lane: OutboxLane = 'default'): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(schema.outboxEvents).values(entries.map((e) => ({ accountId: e.accountId, lane, name: e.name, inboxId: e.inboxId ?? null, subject: e.subject })));
}

/** The entries for a conversation's events that cause work outside (the others only reach screens). */
export const conversationEntries = (
  row: { id: number; accountId: number; inboxId: number },
  names: readonly string[],
  actorId?: number,
  changed?: Record<string, unknown>,
): OutboxEntry[] =>
  names.filter(isOutboxEvent).map((name) => ({
    name,
    accountId: row.accountId,
    inboxId: row.inboxId,
    subject: { conversationId: row.id, ...(actorId ? { actorId } : {}), ...(changed ? { data: { changed_attributes: changed } } : {}) },
  }));

const OUTBOX_NAMES = new Set<string>([
  'conversation.created',
  'conversation.updated',
  'conversation.status_changed',
  'assignee.changed',
  'conversation.mentioned',
  'conversation.typing_on',
  'conversation.typing_off',
  'message.created',
  'message.updated',
  'message.resend',
  'contact.created',
  'contact.updated',
]);

/** Whether an event causes work outside (conversation.read, first.reply.created… only reach screens). */
export const isOutboxEvent = (name: string): name is OutboxEventName => OUTBOX_NAMES.has(name);
