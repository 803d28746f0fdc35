import type { Executor } from '@app/db';
import type { OutboxConsumer, RelayedEvent } from '../../jobs/outbox-relay.ts';
import { creationEvents, messageEvents, statusEvents, isAgentReply, type DerivedEvent, type StatusChange } from './derive.ts';
import { latestEventAt, loadConversationFacts, loadMessageFacts, loadReplyHistory, recordDerived, resolutionStart } from './store.ts';

type StatusAttribute = { previous_value?: unknown; current_value?: unknown };

/**
 * The status change an outbox row records: changed_attributes.status when the write path gave it (toggle_status,
 * bulk actions); without it the row is a reopen (an incoming message or a snooze ending: to open from resolved or
 * snoozed), the only status changes written without changed_attributes.
 */
function statusChangeOf(row: RelayedEvent['row']): StatusChange {
  const changed = (row.subject.data as { changed_attributes?: { status?: StatusAttribute } } | undefined)?.changed_attributes?.status;
  const at = row.createdAt;
  if (!changed) return { previous: undefined, current: 'open', at };
  return { previous: typeof changed.previous_value === 'string' ? changed.previous_value : undefined, current: String(changed.current_value), at };
}

/** The derived events one outbox row causes (reads under the account's reports lock, shared). */
async function derive(tx: Executor, { row, resend }: RelayedEvent): Promise<DerivedEvent[]> {
  const { accountId, subject } = row;
  switch (row.name) {
    case 'conversation.created': {
      const conversation = await loadConversationFacts(tx, accountId, subject.conversationId!);
      return conversation ? creationEvents(conversation) : [];
    }
    case 'message.created': {
      if (resend) return [];
      const loaded = await loadMessageFacts(tx, accountId, subject.messageId!);
      if (!loaded) return [];
      const { conversation, message } = loaded;
      if (!isAgentReply(message)) return messageEvents(conversation, message, null);
      const history = await loadReplyHistory(tx, conversation.id, message.id);
      const handoffAt = history.repliedBefore ? null : await latestEventAt(tx, accountId, conversation.id, 'conversation_bot_handoff');
      return messageEvents(conversation, message, { ...history, handoffAt });
    }
    case 'conversation.status_changed': {
      const change = statusChangeOf(row);
      if (change.current !== 'open' && change.current !== 'resolved') return [];
      const conversation = await loadConversationFacts(tx, accountId, subject.conversationId!);
      if (!conversation) return [];
      const start = change.current === 'resolved' ? await resolutionStart(tx, accountId, conversation.id, change.at) : null;
      return statusEvents(conversation, change, start);
    }
    default:
      return [];
  }
}

/**
 * The outbox consumer that records reports (docs/reports.md): each relayed conversation or message event becomes
 * its derived reporting events and their rollup facts, in the relay's transaction. Events are stored under dedupe
 * keys and only the ones stored now add to the rollups, so an event relayed twice counts once.
 */
export const recordReportFacts: OutboxConsumer = async (tx, _services, relayed) => {
  await recordDerived(tx, await derive(tx, relayed));
};
