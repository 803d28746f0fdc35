import { describe, expect, it } from 'vitest';
import type { AccountRole } from '@app/shared/constants';
import type { PaymentRecord } from '@app/shared/payments';
import type { AccessToken } from '@app/shared/permissions';
import { accessFrom } from '../member-access.ts';
import { agentPayload, contactPushPayload, conversationPayload, mentionPayload, messagePayload, typingPayload } from '../../../test/event-payloads.ts';
import { replayFrom } from './replay.ts';
import { canSee, observe, type Subscriber } from './scope.ts';
import type { Envelope, RealtimeEvent } from './types.ts';

const who = (role: AccountRole, inboxIds: number[] = [], userId = 7, tokens: AccessToken[] = [role]): Subscriber => ({
  userId,
  accountId: 1,
  access: accessFrom({ accountId: 1, userId, role, tokens, inboxIds }),
  conversations: new Map(),
  participating: new Set(),
});
/** An agent with a custom role holding only these permissions. */
const custom = (permissions: AccessToken[], inboxIds: number[] = [3], userId = 7) => who('agent', inboxIds, userId, ['custom_role', ...permissions]);
const conversation: RealtimeEvent = { name: 'conversation.updated', accountId: 1, inboxId: 3, data: conversationPayload({ inbox_id: 3 }) };
const contact: RealtimeEvent = { name: 'contact.updated', accountId: 1, data: contactPushPayload() };
// canSee reads only the routing fields of a payment event
const payment: RealtimeEvent = { name: 'payment_record.updated', accountId: 1, inboxId: 3, data: {} as PaymentRecord };
/** A conversation payload as publishConversationEvents sends it (display id, meta.assignee). */
const conversationEvent = (id: number, assigneeId: number | null, name: 'conversation.updated' | 'assignee.changed' = 'conversation.updated'): RealtimeEvent => ({
  name,
  accountId: 1,
  inboxId: 3,
  data: conversationPayload({ id, inbox_id: 3, meta: { assignee: assigneeId === null ? null : agentPayload(assigneeId) } }),
});
/** A message payload: createMessage's carries conversation.assignee_id, an activity message's or an update's none. */
const messageEvent = (conversationId: number, assigneeId?: number | null): RealtimeEvent => ({
  name: 'message.created',
  accountId: 1,
  inboxId: 3,
  data: { ...messagePayload({ id: 100, conversation_id: conversationId, inbox_id: 3 }), conversation: assigneeId === undefined ? { last_activity_at: 1 } : { assignee_id: assigneeId, last_activity_at: 1 } },
});
/** What the hub does per event: learn, then judge. */
const deliver = (sub: Subscriber, event: RealtimeEvent) => {
  observe(sub, event);
  return canSee(sub, event);
};

describe('realtime scoping', () => {
  it('S0-7.78 never delivers another account’s events, not even to its administrators', () => {
    expect(canSee(who('administrator'), { ...conversation, accountId: 2 })).toBe(false);
    expect(canSee(who('administrator'), { name: 'account.cache_invalidated', accountId: 2, data: { cache_keys: { label: 1, inbox: 1, team: 1 } } })).toBe(false);
  });

  it('administrators see every inbox; agents and checkers only their inboxes', () => {
    expect(canSee(who('administrator'), conversation)).toBe(true);
    expect(canSee(who('agent', [3]), conversation)).toBe(true);
    expect(canSee(who('agent', [4]), conversation)).toBe(false);
    expect(canSee(who('checker', [3]), conversation)).toBe(true);
    expect(canSee(who('checker', [4]), conversation)).toBe(false);
    expect(canSee(custom(['conversation_manage']), conversation)).toBe(true);
  });

  it('contact events go to whoever may read contacts over REST: administrators, agents, contact_manage and the conversation roles, not checkers nor other custom roles', () => {
    expect(canSee(who('administrator'), contact)).toBe(true);
    expect(canSee(who('agent'), contact)).toBe(true);
    expect(canSee(who('checker'), contact)).toBe(false);
    expect(canSee(custom(['contact_manage']), contact)).toBe(true);
    expect(canSee(custom(['conversation_participating_manage']), contact)).toBe(true);
    expect(canSee(custom(['report_manage']), contact)).toBe(false);
    expect(canSee(who('checker'), { name: 'account.cache_invalidated', accountId: 1, data: { cache_keys: { label: 1, inbox: 1, team: 1 } } })).toBe(true);
  });

  it('payment events go to the REST payment readers of the inbox: checkers, agents, checker_view_manage; not other custom roles', () => {
    expect(canSee(who('administrator'), payment)).toBe(true);
    expect(canSee(who('checker', [3]), payment)).toBe(true);
    expect(canSee(who('checker', [4]), payment)).toBe(false);
    expect(canSee(who('agent', [3]), payment)).toBe(true);
    expect(canSee(custom(['checker_view_manage']), payment)).toBe(true);
    expect(canSee(custom(['checker_view_manage'], [4]), payment)).toBe(false);
    expect(canSee(custom(['conversation_manage']), payment)).toBe(false);
  });

  it('a custom role that may not read conversations gets no conversation, message or typing event of its inboxes', () => {
    const reports = custom(['report_manage']);
    expect(canSee(reports, conversationEvent(1, 7))).toBe(false);
    expect(canSee(reports, messageEvent(1, 7))).toBe(false);
  });

  it('S0-7.63 a mention reaches only the mentioned user who may see the conversation; typing never echoes to the typist', () => {
    const mention: RealtimeEvent = { name: 'conversation.mentioned', accountId: 1, inboxId: 3, userId: 8, data: mentionPayload({ id: 5, inbox_id: 3 }) };
    expect(canSee(who('administrator', [], 7), mention)).toBe(false);
    expect(canSee(who('agent', [3], 8), mention)).toBe(true);
    expect(canSee(who('agent', [4], 8), mention)).toBe(false);
    const typing: RealtimeEvent = { name: 'conversation.typing_on', accountId: 1, inboxId: 3, data: typingPayload(7, { inbox_id: 3 }) };
    expect(canSee(who('administrator', [], 7), typing)).toBe(false);
    expect(canSee(who('administrator', [], 9), typing)).toBe(true);
  });
});

describe('realtime scoping of restricted custom roles (the REST conversation scope)', () => {
  it('conversation_unassigned_manage: unassigned and own conversations, not another agent’s', () => {
    const sub = custom(['conversation_unassigned_manage']);
    expect(deliver(sub, conversationEvent(1, null))).toBe(true);
    expect(deliver(sub, conversationEvent(2, 7))).toBe(true);
    expect(deliver(sub, conversationEvent(3, 8))).toBe(false);
    expect(deliver(sub, messageEvent(3, 8))).toBe(false);
    expect(deliver(sub, messageEvent(1, null))).toBe(true);
  });

  it('conversation_participating_manage: own and participating conversations, not unassigned nor another agent’s', () => {
    const sub = custom(['conversation_participating_manage']);
    expect(deliver(sub, conversationEvent(1, null))).toBe(false);
    expect(deliver(sub, conversationEvent(2, 7))).toBe(true);
    expect(deliver(sub, conversationEvent(3, 8))).toBe(false);
    sub.participating.add(3);
    expect(deliver(sub, conversationEvent(3, 8))).toBe(true);
  });

  it('an event without the assignee is decided by what the hub learned, and fails closed when nothing is known', () => {
    const sub = custom(['conversation_participating_manage']);
    // nothing known of conversation 4: a message without the assignee is not delivered
    expect(deliver(sub, messageEvent(4))).toBe(false);
    // assigned to the subscriber: from now on the conversation's messages without an assignee come through
    expect(deliver(sub, conversationEvent(4, 7, 'assignee.changed'))).toBe(true);
    expect(deliver(sub, messageEvent(4))).toBe(true);
    // assigned away: they stop
    expect(deliver(sub, conversationEvent(4, 8, 'assignee.changed'))).toBe(false);
    expect(deliver(sub, messageEvent(4))).toBe(false);
  });

  it('participation follows participants changes and mentions', () => {
    const sub = custom(['conversation_participating_manage']);
    expect(deliver(sub, conversationEvent(6, 8))).toBe(false);
    const added: RealtimeEvent = { name: 'conversation.participants_changed', accountId: 1, inboxId: 3, data: { conversation_id: 6, user_ids: [7, 8] } };
    expect(deliver(sub, added)).toBe(false); // internal, never sent
    expect(deliver(sub, conversationEvent(6, 8))).toBe(true);
    expect(deliver(sub, messageEvent(6))).toBe(true);
    expect(deliver(sub, { ...added, data: { conversation_id: 6, user_ids: [8] } })).toBe(false);
    expect(deliver(sub, conversationEvent(6, 8))).toBe(false);
    expect(deliver(sub, messageEvent(6))).toBe(false);
    const mention: RealtimeEvent = { name: 'conversation.mentioned', accountId: 1, inboxId: 3, userId: 7, data: mentionPayload({ id: 9, inbox_id: 3 }) };
    expect(deliver(sub, mention)).toBe(true);
    expect(deliver(sub, conversationEvent(9, 8))).toBe(true);
  });

  it('other inboxes stay closed whatever the assignee', () => {
    const sub = custom(['conversation_unassigned_manage'], [4]);
    expect(deliver(sub, conversationEvent(1, 7))).toBe(false);
    expect(deliver(sub, messageEvent(1, 7))).toBe(false);
  });
});

describe('replay window', () => {
  const at = (seq: number, ageMs: number): Envelope => ({ seq, at: 1_000_000 - ageMs, origin: 'x', ephemeral: false, event: conversation });
  const now = 1_000_000;
  const maxAge = 10 * 60 * 1000;

  it('replays what follows last_seq while the buffer reaches back to it', () => {
    expect(replayFrom([at(4, 0), at(5, 0), at(6, 0)], 6, 4, now, maxAge)).toEqual({ kind: 'events', envelopes: [at(5, 0), at(6, 0)] });
    expect(replayFrom([at(4, 0)], 4, 4, now, maxAge)).toEqual({ kind: 'events', envelopes: [] });
  });

  it('asks for a resync when events after last_seq were dropped (count or older than 10 minutes) or the seq is unknown', () => {
    expect(replayFrom([at(5, 0), at(6, 0)], 6, 3, now, maxAge)).toEqual({ kind: 'resync', seq: 6 });
    expect(replayFrom([at(4, maxAge + 1), at(5, 0)], 5, 3, now, maxAge)).toEqual({ kind: 'resync', seq: 5 });
    expect(replayFrom([], 6, 9, now, maxAge)).toEqual({ kind: 'resync', seq: 6 });
  });
});
