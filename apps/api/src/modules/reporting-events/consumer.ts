import { readsBeside, type Executor } from '@app/db';
import { concurrently } from '../../lib/concurrently.ts';
import type { Services } from '../../lib/context.ts';
import type { OutboxConsumer, RelayedEvent } from '../../jobs/outbox-relay.ts';
import { creationEvents, messageEvents, statusEvents, isAgentReply, type DerivedEvent, type StatusChange } from './derive.ts';
import { applyRollups, type RollupFact } from './rollups.ts';
import { latestEventAt, loadConversationFacts, loadMessageFacts, loadReplyHistories, recordDerived, resolutionStart } from './store.ts';

type StatusAttribute = { previous_value?: unknown; current_value?: unknown };

/**
 * The status change an outbox row records: changed_attributes.status, which every status change records with it
 * (docs/architecture.md "Events"). A row without it is a reopen written before reopens recorded theirs (an incoming
 * message or a snooze ending: to open from resolved or snoozed).
 */
function statusChangeOf(row: RelayedEvent['row']): StatusChange {
  const changed = (row.subject.data as { changed_attributes?: { status?: StatusAttribute } } | undefined)?.changed_attributes?.status;
  const at = row.createdAt;
  if (!changed) return { previous: undefined, current: 'open', at };
  return { previous: typeof changed.previous_value === 'string' ? changed.previous_value : undefined, current: String(changed.current_value), at };
}

/** What a batch's rows read, loaded for all of them at once (three statements whatever their number). */
type Loaded = {
  conversations: Awaited<ReturnType<typeof loadConversationFacts>>;
  messages: Awaited<ReturnType<typeof loadMessageFacts>>;
  histories: Awaited<ReturnType<typeof loadReplyHistories>>;
};

const subjectsOf = (events: readonly RelayedEvent[], names: string[], key: 'conversationId' | 'messageId') =>
  events.flatMap(({ row, resend }) => (names.includes(row.name) && !resend && row.subject[key] ? [{ accountId: row.accountId, id: row.subject[key] }] : []));

/**
 * What the rows read is committed before them (conversations, messages), so on a pool it is read beside the relay's
 * transaction, the conversations and messages at once; on one connection, in the transaction one after the other.
 * What rows derive from earlier rows' derived events (latestEventAt, resolutionStart) is read in the transaction.
 */
async function load(tx: Executor, services: Services, events: readonly RelayedEvent[]): Promise<Loaded> {
  const db = readsBeside(services.db) ?? tx;
  const [conversations, messages] = await concurrently(
    db,
    () => loadConversationFacts(db, subjectsOf(events, ['conversation.created', 'conversation.status_changed'], 'conversationId')),
    () => loadMessageFacts(db, subjectsOf(events, ['message.created'], 'messageId')),
  );
  const replies = [...messages.values()].filter(({ message }) => isAgentReply(message)).map(({ conversation, message }) => ({ conversationId: conversation.id, messageId: message.id }));
  return { conversations, messages, histories: await loadReplyHistories(db, replies) };
}

/**
 * The derived events one outbox row causes, from what its batch loaded. The few that read derived events (the
 * bot handoff a first response counts from, the reopen a resolution counts from) first `flush` what the rows
 * before them derived, so they see it as they would have relayed one by one.
 */
async function derive(tx: Executor, { row, resend }: RelayedEvent, loaded: Loaded, flush: () => Promise<void>): Promise<DerivedEvent[]> {
  const { accountId, subject } = row;
  switch (row.name) {
    case 'conversation.created': {
      const conversation = loaded.conversations.get(subject.conversationId!);
      return conversation ? creationEvents(conversation) : [];
    }
    case 'message.created': {
      const found = resend ? undefined : loaded.messages.get(subject.messageId!);
      if (!found) return [];
      const { conversation, message } = found;
      const history = loaded.histories.get(message.id);
      if (!history) return messageEvents(conversation, message, null);
      if (history.repliedBefore) return messageEvents(conversation, message, { ...history, handoffAt: null });
      await flush();
      const handoffAt = await latestEventAt(tx, accountId, conversation.id, 'conversation_bot_handoff');
      return messageEvents(conversation, message, { ...history, handoffAt });
    }
    case 'conversation.status_changed': {
      const change = statusChangeOf(row);
      if (change.current !== 'open' && change.current !== 'resolved') return [];
      const conversation = loaded.conversations.get(subject.conversationId!);
      if (!conversation) return [];
      if (change.current !== 'resolved') return statusEvents(conversation, change, null);
      await flush();
      return statusEvents(conversation, change, await resolutionStart(tx, accountId, conversation.id, change.at));
    }
    default:
      return [];
  }
}

/**
 * The outbox consumer that records reports (docs/reports.md): each relayed conversation or message event becomes
 * its derived reporting events and their rollup facts, in the relay's transaction. What the batch's rows read is
 * loaded at once, and their derived events are written together (one insert, one upsert per rollup cell) unless a
 * row reads derived events itself. Events are stored under dedupe keys and only the ones stored now add to the
 * rollups, so an event relayed twice counts once.
 */
export const recordReportFacts: OutboxConsumer = async (tx, services, events) => {
  const loaded = await load(tx, services, events);
  const pending: DerivedEvent[] = [];
  const facts: RollupFact[] = [];
  const flush = async () => void facts.push(...(await recordDerived(tx, pending.splice(0), { rollups: 'caller' })));
  for (const relayed of events) pending.push(...(await derive(tx, relayed, loaded, flush)));
  await flush();
  // Every relay adds to the same cells (an account's quarter hour): added last in the batch, the other relay of the
  // lane waits on them for this one's commit alone (it waited 16-23 ms a batch while they came before the
  // notifications; docs/benchmarks.md "Tenth session").
  const batch = events[0]?.batch;
  if (batch) batch.late(() => applyRollups(tx, facts));
  else await applyRollups(tx, facts);
};
