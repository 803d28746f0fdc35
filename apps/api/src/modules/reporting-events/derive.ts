import type { schema } from '@app/db';
import type { RollupMetric, WorkingHour } from '@app/db/schema';
import { businessSeconds, type BusinessHours } from '../../lib/business-hours.ts';
import type { ReportingEventRow } from './record.ts';
import type { RollupFact } from './rollups.ts';

/**
 * The reporting events the relay derives (docs/reports.md "How facts are recorded"), each the rollup metric it
 * counts in. Every derived event has a dedupe key, so writing it twice (two relays, a replay, a rebuild racing
 * the relay) stores it once, and only a stored event adds to the rollups.
 */
export const DERIVED_EVENTS = {
  conversation_created: 'conversation_created',
  bot_conversation: 'bot_conversation',
  incoming_message: 'incoming_message',
  outgoing_message: 'outgoing_message',
  bot_message: 'bot_message',
  first_response: 'first_response',
  reply_time: 'reply_time',
  conversation_resolved: 'resolution',
  bot_resolution: 'bot_resolution',
  conversation_reopened: 'conversation_reopened',
  conversation_bot_handoff: 'bot_handoff',
} as const satisfies Record<string, RollupMetric>;
export type DerivedEventName = keyof typeof DERIVED_EVENTS;

/**
 * Derived from conversations and messages, so a rebuild recomputes them. The status events (resolved, reopened,
 * handoff) are the only record of when a status changed: a rebuild keeps them.
 */
export const REBUILT_EVENTS = [
  'conversation_created',
  'bot_conversation',
  'incoming_message',
  'outgoing_message',
  'bot_message',
  'first_response',
  'reply_time',
] as const satisfies readonly DerivedEventName[];

/** A conversation as its facts read it: its dimensions and its inbox's business hours. */
export type ConversationFacts = {
  id: number;
  accountId: number;
  inboxId: number;
  assigneeId: number | null;
  teamId: number | null;
  labels: string[];
  createdAt: Date;
  /** Set by the first human reply (messages/queries/insert.ts effectsSet). */
  firstReplyCreatedAt: Date | null;
  /** An active agent bot answers the inbox. */
  botInbox: boolean;
  hours: BusinessHours;
};

/** A message as its facts read it. */
export type MessageFacts = {
  id: number;
  createdAt: Date;
  messageType: string;
  private: boolean;
  contentType: string;
  senderType: string | null;
  senderId: number | null;
};

/** What came before a human reply in its conversation. */
export type ReplyHistory = {
  /** An earlier public reply by an agent exists: this is not the first response. */
  repliedBefore: boolean;
  /** The oldest public incoming message since the previous agent reply (null: nobody was waiting). */
  waitingSince: Date | null;
  /** When the conversation was handed off from its bot (the first response counts from then). */
  handoffAt: Date | null;
};

/** A derived reporting event, ready to insert: stamped with its time (created_at) and its dedupe key. */
export type DerivedEvent = typeof schema.reportingEvents.$inferInsert & { name: DerivedEventName; dedupeKey: string; createdAt: Date };

/** The inbox columns business hours are read from. */
export const hoursOf = (inbox: { workingHoursEnabled: boolean; timezone: string; workingHours: WorkingHour[] }): BusinessHours => ({
  enabled: inbox.workingHoursEnabled,
  timezone: inbox.timezone,
  workingHours: inbox.workingHours,
});

const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);

function event(
  conversation: ConversationFacts,
  name: DerivedEventName,
  dedupeKey: string,
  at: Date,
  values: { agentId?: number | null; from?: Date } = {},
): DerivedEvent {
  const { from } = values;
  return {
    accountId: conversation.accountId,
    name,
    inboxId: conversation.inboxId,
    conversationId: conversation.id,
    userId: values.agentId === undefined ? conversation.assigneeId : values.agentId,
    value: from ? seconds(from, at) : null,
    valueInBusinessHours: from ? businessSeconds(conversation.hours, from, at) : null,
    eventStartTime: from ?? null,
    eventEndTime: at,
    data: { team_id: conversation.teamId, labels: conversation.labels },
    dedupeKey,
    createdAt: at,
  };
}


/** A conversation created: counted, and counted as a bot's when a bot answers its inbox. */
export function creationEvents(conversation: ConversationFacts): DerivedEvent[] {
  const out = [event(conversation, 'conversation_created', `conversation_created:${conversation.id}`, conversation.createdAt)];
  if (conversation.botInbox) out.push(event(conversation, 'bot_conversation', `bot_conversation:${conversation.id}`, conversation.createdAt));
  return out;
}

/** A human reply: a public outgoing message sent by an agent (not a template or a CSAT survey). */
export const isAgentReply = (message: MessageFacts) =>
  message.messageType === 'outgoing' && !message.private && message.senderType === 'User' && message.contentType !== 'input_csat';

/**
 * A message's events. Incoming public → incoming_message (the conversation's assignee). Outgoing public from an
 * agent or a bot → outgoing_message (the sender), and bot_message from a bot. Activity and template messages,
 * private notes and messages without a sender (a CSAT survey) count nothing. An agent's reply also records
 * first_response (the first one: since the bot handoff, else since the conversation was created) and reply_time
 * (when a customer was waiting: since their oldest unanswered message), both the replying agent's.
 */
export function messageEvents(conversation: ConversationFacts, message: MessageFacts, history: ReplyHistory | null): DerivedEvent[] {
  const at = message.createdAt;
  if (message.private) return [];
  if (message.messageType === 'incoming') return [event(conversation, 'incoming_message', `incoming_message:${message.id}`, at)];
  if (message.messageType !== 'outgoing' || message.contentType === 'input_csat') return [];
  if (message.senderType === 'AgentBot') {
    return [
      event(conversation, 'outgoing_message', `outgoing_message:${message.id}`, at, { agentId: null }),
      event(conversation, 'bot_message', `bot_message:${message.id}`, at, { agentId: null }),
    ];
  }
  if (message.senderType !== 'User' || message.senderId === null) return [];
  const agentId = message.senderId;
  const out = [event(conversation, 'outgoing_message', `outgoing_message:${message.id}`, at, { agentId })];
  if (history && !history.repliedBefore) {
    const from = history.handoffAt && history.handoffAt < at ? history.handoffAt : conversation.createdAt;
    out.push(event(conversation, 'first_response', `first_response:${conversation.id}`, at, { agentId, from }));
  }
  if (history?.waitingSince) out.push(event(conversation, 'reply_time', `reply_time:${message.id}`, at, { agentId, from: history.waitingSince }));
  return out;
}

/** A status change's side: what it went from (undefined: not recorded, a reopen by a message or a snooze ending). */
export type StatusChange = { previous: string | undefined; current: string; at: Date };

/**
 * A status change's events. → resolved: conversation_resolved (seconds since `resolutionStart`, the reopen that
 * followed its previous resolution; since created for its first), and bot_resolution when a bot answers the inbox and no agent ever replied. resolved or
 * snoozed → open: conversation_reopened. pending → open: conversation_bot_handoff, once per conversation (seconds
 * since created). All carry the conversation's assignee.
 */
export function statusEvents(conversation: ConversationFacts, change: StatusChange, resolutionStart: Date | null): DerivedEvent[] {
  const { previous, current, at } = change;
  const stamp = `${conversation.id}:${at.getTime()}`;
  if (current === 'resolved' && previous !== 'resolved') {
    const from = resolutionStart && resolutionStart <= at && resolutionStart > conversation.createdAt ? resolutionStart : conversation.createdAt;
    const out = [event(conversation, 'conversation_resolved', `conversation_resolved:${stamp}`, at, { from })];
    if (conversation.botInbox && !conversation.firstReplyCreatedAt) out.push(event(conversation, 'bot_resolution', `bot_resolution:${stamp}`, at));
    return out;
  }
  if (current !== 'open') return [];
  if (previous === 'pending') {
    return [event(conversation, 'conversation_bot_handoff', `conversation_bot_handoff:${conversation.id}`, at, { from: conversation.createdAt })];
  }
  if (previous === undefined || previous === 'resolved' || previous === 'snoozed') {
    return [event(conversation, 'conversation_reopened', `conversation_reopened:${stamp}`, at)];
  }
  return [];
}

/** The rollup fact a stored derived event adds (its dimensions are the ones the event recorded). */
export function factOf(row: Pick<ReportingEventRow, 'accountId' | 'name' | 'createdAt' | 'value' | 'valueInBusinessHours' | 'inboxId' | 'userId' | 'data'>): RollupFact | null {
  const metric = (DERIVED_EVENTS as Record<string, RollupMetric | undefined>)[row.name];
  if (!metric) return null;
  const data = row.data as { team_id?: number | null; labels?: string[] };
  return {
    accountId: row.accountId,
    metric,
    at: row.createdAt,
    value: row.value,
    valueBh: row.valueInBusinessHours,
    inboxId: row.inboxId,
    agentId: row.userId,
    teamId: data.team_id ?? null,
    labels: data.labels ?? [],
  };
}
