import { describe, expect, it } from 'vitest';
import { creationEvents, factOf, messageEvents, statusEvents, type ConversationFacts, type MessageFacts } from './derive.ts';

const conversation: ConversationFacts = {
  id: 7,
  accountId: 3,
  inboxId: 11,
  assigneeId: 21,
  teamId: 5,
  labels: ['vip'],
  createdAt: new Date('2026-03-09T10:00:00Z'),
  firstReplyCreatedAt: null,
  botInbox: true,
  hours: { enabled: false, timezone: 'UTC', workingHours: [] },
};
const message = (values: Partial<MessageFacts>): MessageFacts => ({
  id: 100,
  createdAt: new Date('2026-03-09T10:10:00Z'),
  messageType: 'outgoing',
  private: false,
  contentType: 'text',
  senderType: 'User',
  senderId: 22,
  ...values,
});
const names = (events: { name: string }[]) => events.map((e) => e.name);
const history = { repliedBefore: false, waitingSince: null, handoffAt: null };

describe('derived reporting events', () => {
  it('a bot message counts as outgoing and bot message, never as a response; system and private messages count nothing', () => {
    expect(names(messageEvents(conversation, message({ senderType: 'AgentBot', senderId: 1 }), null))).toEqual(['outgoing_message', 'bot_message']);
    expect(messageEvents(conversation, message({ senderType: 'AgentBot', senderId: 1 }), null).every((e) => e.userId === null)).toBe(true);
    expect(messageEvents(conversation, message({ private: true }), history)).toEqual([]);
    expect(messageEvents(conversation, message({ messageType: 'activity', senderType: null, senderId: null }), null)).toEqual([]);
    expect(messageEvents(conversation, message({ messageType: 'template' }), history)).toEqual([]);
    expect(messageEvents(conversation, message({ contentType: 'input_csat' }), history)).toEqual([]);
    expect(messageEvents(conversation, message({ messageType: 'incoming', private: true }), null)).toEqual([]);
  });

  it("an agent's first reply: the sender's, since the handoff when it came before the reply", () => {
    const handoffAt = new Date('2026-03-09T10:04:00Z');
    const [outgoing, first] = messageEvents(conversation, message({}), { ...history, handoffAt });
    expect(outgoing).toMatchObject({ name: 'outgoing_message', userId: 22, dedupeKey: 'outgoing_message:100' });
    expect(first).toMatchObject({ name: 'first_response', userId: 22, value: 360, valueInBusinessHours: 360, dedupeKey: 'first_response:7' });
    expect(messageEvents(conversation, message({}), { ...history, repliedBefore: true }).map((e) => e.name)).toEqual(['outgoing_message']);
  });

  it('status changes: resolution, bot resolution, reopen, handoff; other moves record nothing', () => {
    const at = new Date('2026-03-09T12:00:00Z');
    expect(names(statusEvents(conversation, { previous: 'open', current: 'resolved', at }, null))).toEqual(['conversation_resolved', 'bot_resolution']);
    expect(names(statusEvents({ ...conversation, firstReplyCreatedAt: at }, { previous: 'open', current: 'resolved', at }, null))).toEqual(['conversation_resolved']);
    expect(statusEvents(conversation, { previous: 'open', current: 'resolved', at }, new Date('2026-03-09T11:00:00Z'))[0]).toMatchObject({ value: 3600 });
    expect(names(statusEvents(conversation, { previous: undefined, current: 'open', at }, null))).toEqual(['conversation_reopened']);
    expect(names(statusEvents(conversation, { previous: 'snoozed', current: 'open', at }, null))).toEqual(['conversation_reopened']);
    expect(statusEvents(conversation, { previous: 'pending', current: 'open', at }, null)).toMatchObject([{ name: 'conversation_bot_handoff', value: 7200, dedupeKey: 'conversation_bot_handoff:7' }]);
    expect(statusEvents(conversation, { previous: 'open', current: 'pending', at }, null)).toEqual([]);
    expect(statusEvents(conversation, { previous: 'resolved', current: 'resolved', at }, null)).toEqual([]);
  });

  it('a stored event becomes the fact of its metric with the dimensions it recorded', () => {
    const [created] = creationEvents(conversation);
    const fact = factOf({ ...created!, value: created!.value ?? null, valueInBusinessHours: null, inboxId: 11, userId: 21, data: created!.data! });
    expect(fact).toEqual({ accountId: 3, metric: 'conversation_created', at: conversation.createdAt, value: null, valueBh: null, inboxId: 11, agentId: 21, teamId: 5, labels: ['vip'] });
    expect(names(creationEvents(conversation))).toEqual(['conversation_created', 'bot_conversation']);
    expect(factOf({ accountId: 3, name: 'payment_status_changed', createdAt: new Date(), value: null, valueInBusinessHours: null, inboxId: null, userId: null, data: {} })).toBeNull();
  });
});
