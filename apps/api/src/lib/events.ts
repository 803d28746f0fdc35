import { schema, type Executor } from '@app/db';
import type { OutboxLane, OutboxSubject } from '@app/db/schema';
import type { ContactPush } from '@app/shared/contacts';
import type { Conversation } from '@app/shared/conversations';
import type { DomainEvent } from '@app/shared/events';
import type { Message } from '@app/shared/messages';
import { concurrently } from './concurrently.ts';
import { systemCtx, type AccountCtx, type Services } from './context.ts';

/**
 * The record of what happened (docs/architecture.md "Events"). A change writes an entry per event in its own
 * transaction: the outbox row for events that cause work outside (webhooks, channel deliveries, notifications,
 * reports), nothing for those that only reach screens. After the commit `announce` presents the entries and
 * publishes them to `/cable`; the relay (jobs/outbox-relay.ts) presents the outbox rows with the same
 * presenters for its consumers. Each module registers the presenters of its events and the loaders of its
 * subjects from its own index; nothing here knows a module.
 */

/** Events that cause work outside the transaction, kept in the outbox until the relay has fanned them out. */
export const OUTBOX_EVENTS = [
  'conversation.created',
  'conversation.updated',
  'conversation.status_changed',
  'assignee.changed',
  'conversation.mentioned',
  'conversation.typing_on',
  'conversation.typing_off',
  'message.created',
  'message.updated',
  // an agent retried a failed outgoing message: the channel gets it once more (screens hear message.updated)
  'message.resend',
  'contact.created',
  'contact.updated',
] as const;
export type OutboxEventName = (typeof OUTBOX_EVENTS)[number];

/** Events that only reach screens: nothing outside cares, so they are never written down. */
export const SCREEN_EVENTS = ['conversation.read', 'conversation.contact_changed', 'first.reply.created', 'contact.deleted'] as const;
export type EventName = OutboxEventName | (typeof SCREEN_EVENTS)[number];

const OUTBOX_NAMES = new Set<string>(OUTBOX_EVENTS);

/** Whether an event causes work outside (an outbox row). */
export const isOutboxEvent = (name: string): name is OutboxEventName => OUTBOX_NAMES.has(name);

/**
 * One event of a change: its name, its account (and inbox, which scopes who hears of it) and what it is about.
 * `screensOnly` marks an entry of an outbox name that nothing outside cares about (an activity message).
 */
export type EventEntry = { name: EventName; accountId: number; inboxId?: number | null; subject: OutboxSubject; screensOnly?: boolean };

/**
 * Writes the entries that cause work outside to the outbox, in the caller's transaction (pass the transaction,
 * not the database, whenever the change has one): committed together with the change or not at all. Answers
 * every entry, for `announce` after the commit.
 */
export async function recordEvents(db: Executor, entries: readonly EventEntry[], lane: OutboxLane = 'default'): Promise<EventEntry[]> {
  const written = entries.filter((e) => isOutboxEvent(e.name) && !e.screensOnly);
  if (written.length > 0) {
    await db.insert(schema.outboxEvents).values(written.map((e) => ({ accountId: e.accountId, lane, name: e.name, inboxId: e.inboxId ?? null, subject: e.subject })));
  }
  return [...entries];
}

/** What events are presented from: a module's records as clients see them, loaded by id in batches. */
export type Subjects = {
  conversation: Conversation;
  /** The message with its conversation's assignee (message.created carries it for lists). */
  message: { message: Message; assigneeId: number | null };
  contact: ContactPush;
};
export type SubjectKind = keyof Subjects;

/** A subject an entry is presented from. */
export type Need = { [K in SubjectKind]: readonly [K, number] }[SubjectKind];

/** A subject the caller already holds (a message it has just written and serialized): not loaded again. */
export type KnownSubject = { [K in SubjectKind]: { kind: K; accountId: number; id: number; value: Subjects[K] } }[SubjectKind];

/** The subjects of one presentation, by kind, account and id; absent when gone. */
export type Presented = {
  get<K extends SubjectKind>(kind: K, accountId: number, id: number): Subjects[K] | undefined;
  list<K extends SubjectKind>(kind: K): { accountId: number; id: number; value: Subjects[K] }[];
};

/** Loads an account's subjects of one kind, by id, in a fixed number of queries. */
export type SubjectLoader<K extends SubjectKind> = (ctx: AccountCtx, ids: number[]) => Promise<Map<number, Subjects[K]>>;

/**
 * Presents the entries of one event name. `needs` says which subjects an entry reads (loaded for the whole
 * batch at once); `present` builds the event from them, or null when its subject is gone. `screens: false`
 * keeps an event off `/cable` (message.resend is work for the channel, not news).
 */
export type Presenter = {
  needs?: (entry: EventEntry) => Need[];
  present: (entry: EventEntry, subjects: Presented) => DomainEvent | null;
  screens?: boolean;
};

const loaders = new Map<SubjectKind, SubjectLoader<SubjectKind>>();
const presenters = new Map<EventName, Presenter>();

/** Registers how a module's subjects are loaded (from the module's index). */
export function registerSubject<K extends SubjectKind>(kind: K, load: SubjectLoader<K>): void {
  const existing = loaders.get(kind);
  if (existing && existing !== load) throw new Error(`events: a second loader for ${kind}`);
  loaders.set(kind, load as unknown as SubjectLoader<SubjectKind>);
}

/** Registers the presenters of a module's events (from the module's index). */
export function registerPresenters(table: Partial<Record<EventName, Presenter>>): void {
  for (const [name, presenter] of Object.entries(table) as [EventName, Presenter][]) {
    const existing = presenters.get(name);
    if (existing && existing !== presenter) throw new Error(`events: a second presenter for ${name}`);
    presenters.set(name, presenter);
  }
}

function presenterOf(name: string): Presenter {
  const presenter = presenters.get(name as EventName);
  // a missing presenter would drop events silently: a module's index was not imported
  if (!presenter) throw new Error(`events: no presenter is registered for ${name}`);
  return presenter;
}

const keyOf = (kind: SubjectKind, accountId: number, id: number) => `${kind}:${accountId}:${id}`;

/**
 * Presents entries as domain events, in their order: every subject they need is loaded once (loadSubjects); `known`
 * are subjects the caller holds.
 */
export async function presentEntries(
  services: Services,
  db: Executor,
  entries: readonly EventEntry[],
  options: { known?: readonly KnownSubject[]; origin?: string } = {},
): Promise<{ events: (DomainEvent | null)[]; subjects: Presented }> {
  const needs = entries.flatMap((entry) => (presenterOf(entry.name).needs?.(entry) ?? []).map(([kind, id]) => ({ accountId: entry.accountId, kind, id })));
  const subjects = await loadSubjects(services, db, needs, options);
  return { events: entries.map((entry) => presenterOf(entry.name).present(entry, subjects)), subjects };
}

/**
 * Loads subjects by account, kind and id: each account's ids of a kind in one loader call (a fixed number of
 * queries whatever their number), at once on a pool and one after the other in a transaction (one connection).
 * `known` are subjects the caller holds, not loaded again.
 */
export async function loadSubjects(
  services: Services,
  db: Executor,
  needs: readonly { accountId: number; kind: SubjectKind; id: number }[],
  options: { known?: readonly KnownSubject[]; origin?: string } = {},
): Promise<Presented> {
  const store = new Map<string, { kind: SubjectKind; accountId: number; id: number; value: unknown }>();
  for (const known of options.known ?? []) store.set(keyOf(known.kind, known.accountId, known.id), known);
  const wanted = new Map<number, Map<SubjectKind, Set<number>>>();
  for (const { accountId, kind, id } of needs) {
    if (store.has(keyOf(kind, accountId, id))) continue;
    const kinds = wanted.get(accountId) ?? new Map<SubjectKind, Set<number>>();
    wanted.set(accountId, kinds);
    const ids = kinds.get(kind) ?? new Set<number>();
    kinds.set(kind, ids);
    ids.add(id);
  }
  const loads = [...wanted].flatMap(([accountId, kinds]) => {
    const ctx = { ...systemCtx(services, accountId, options.origin ?? 'events'), db: db as Services['db'] };
    return [...kinds].map(([kind, ids]) => async () => {
      const load = loaders.get(kind);
      if (!load) throw new Error(`events: no loader is registered for ${kind}`);
      for (const [id, value] of await load(ctx, [...ids])) store.set(keyOf(kind, accountId, id), { kind, accountId, id, value });
    });
  });
  // on a pool the loads run at once, each on connections of its own; in a transaction, one after the other
  await concurrently(db, ...loads);
  return {
    get: <K extends SubjectKind>(kind: K, accountId: number, id: number) => store.get(keyOf(kind, accountId, id))?.value as Subjects[K] | undefined,
    list: <K extends SubjectKind>(kind: K) =>
      [...store.values()].filter((s) => s.kind === kind).map((s) => ({ accountId: s.accountId, id: s.id, value: s.value as Subjects[K] })),
  };
}

/**
 * After the commit: presents the entries of a change and publishes them to the bus (`/cable`, and the relay's
 * wake-up), in order. Entries of events kept off screens are skipped.
 */
export async function announce(services: Services, entries: readonly EventEntry[], known?: readonly KnownSubject[]): Promise<void> {
  const shown = entries.filter((entry) => presenterOf(entry.name).screens !== false);
  if (shown.length === 0) return;
  const { events } = await presentEntries(services, services.db, shown, { known: known ?? [], origin: 'announce' });
  for (const event of events) if (event) services.bus.publish(event);
}
