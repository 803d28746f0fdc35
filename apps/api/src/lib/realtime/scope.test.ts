import { describe, expect, it } from 'vitest';
import type { AccountRole } from '@app/shared/constants';
import { contactPushPayload, conversationPayload, mentionPayload, typingPayload } from '../../../test/event-payloads.ts';
import { replayFrom } from './replay.ts';
import { canSee } from './scope.ts';
import type { Envelope, RealtimeEvent } from './types.ts';

const who = (role: AccountRole, inboxIds: number[] = [], userId = 7) => ({ userId, accountId: 1, role, inboxIds: new Set(inboxIds) });
const conversation: RealtimeEvent = { name: 'conversation.updated', accountId: 1, inboxId: 3, data: conversationPayload({ inbox_id: 3 }) };
const contact: RealtimeEvent = { name: 'contact.updated', accountId: 1, data: contactPushPayload() };

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
  });

  it('contact events go to administrators and agents, not checkers; cache invalidation to every member', () => {
    expect(canSee(who('administrator'), contact)).toBe(true);
    expect(canSee(who('agent'), contact)).toBe(true);
    expect(canSee(who('checker'), contact)).toBe(false);
    expect(canSee(who('checker'), { name: 'account.cache_invalidated', accountId: 1, data: { cache_keys: { label: 1, inbox: 1, team: 1 } } })).toBe(true);
  });

  it('S0-7.63 a mention reaches only the mentioned user; typing never echoes to the typist', () => {
    const mention: RealtimeEvent = { name: 'conversation.mentioned', accountId: 1, inboxId: 3, userId: 8, data: mentionPayload({ inbox_id: 3 }) };
    expect(canSee(who('administrator', [], 7), mention)).toBe(false);
    expect(canSee(who('agent', [], 8), mention)).toBe(true);
    const typing: RealtimeEvent = { name: 'conversation.typing_on', accountId: 1, inboxId: 3, data: typingPayload(7) };
    expect(canSee(who('administrator', [], 7), typing)).toBe(false);
    expect(canSee(who('administrator', [], 9), typing)).toBe(true);
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
