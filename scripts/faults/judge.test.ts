import { describe, expect, it } from 'vitest';
import { judge, type Observation, type Post } from './judge.ts';

const acked = (messageId: number, ackAt = 1_000): Post => ({ sentAt: ackAt - 10, ackAt, messageId });
const refused: Post = { sentAt: 1_000, ackAt: null, messageId: null, error: 'answered 503' };

/** What a healthy run of these posts looks like: stored, sent, delivered once to each target, seen on the socket. */
function healthy(posts: Post[]): Observation {
  const ids = posts.flatMap((p) => (p.messageId === null ? [] : [p.messageId]));
  return {
    stored: ids,
    statuses: new Map(ids.map((id) => [id, 'sent'])),
    receipts: ids.flatMap((messageId) => [
      { target: 'account' as const, messageId, delivery: `a${messageId}` },
      { target: 'inbox' as const, messageId, delivery: `i${messageId}` },
    ]),
    socket: ids.map((messageId) => ({ event: 'message.created', messageId, at: 2_000 })),
    targets: ['account', 'inbox'],
  };
}

describe('judge', () => {
  it('passes a run where every acknowledged message was stored, delivered, settled and seen; unacknowledged ones are not owed', () => {
    const posts = [acked(1), acked(2), refused];
    const { counts, problems } = judge(posts, healthy(posts));
    expect(problems).toEqual([]);
    expect(counts).toMatchObject({ sent: 3, acknowledged: 2, stored: 2, delivered: { account: 2, inbox: 2 }, duplicates: { account: 0, inbox: 0 }, socketEvents: 2 });
  });

  it('flags an acknowledged message missing from Postgres', () => {
    const posts = [acked(1), acked(2)];
    const seen = { ...healthy(posts), stored: [1] };
    expect(judge(posts, seen).problems).toContainEqual(expect.stringMatching(/^1 acknowledged message\(s\) not in Postgres: 2$/));
  });

  it('flags an acknowledged message one webhook target never got, and counts a delivery sent again without failing', () => {
    const posts = [acked(1), acked(2)];
    const seen = healthy(posts);
    seen.receipts = [...seen.receipts.filter((r) => !(r.target === 'inbox' && r.messageId === 2)), { target: 'account', messageId: 1, delivery: 'a1' }];
    const { counts, problems } = judge(posts, seen);
    expect(problems).toEqual(['1 acknowledged message(s) never delivered to the inbox webhook: 2']);
    expect(counts.duplicates).toEqual({ account: 1, inbox: 0 });
  });

  it('flags a message fanned out into two deliveries of one target', () => {
    const posts = [acked(1)];
    const seen = healthy(posts);
    seen.receipts.push({ target: 'inbox', messageId: 1, delivery: 'i1-again' });
    expect(judge(posts, seen).problems).toEqual(['1 message(s) fanned out into more than one inbox delivery: 1']);
  });

  it('flags acknowledged messages left progress or marked failed', () => {
    const posts = [acked(1), acked(2)];
    const seen = healthy(posts);
    seen.statuses.set(1, 'progress');
    seen.statuses.set(2, 'failed');
    expect(judge(posts, seen).problems).toEqual(['1 acknowledged message(s) marked failed: 2', '1 acknowledged message(s) still progress: 1']);
  });

  it('flags an event the socket never got when no resync.required followed its acknowledgement', () => {
    const posts = [acked(1, 1_000), acked(2, 3_000)];
    const seen = healthy(posts);
    // a resync before message 2 was acknowledged does not cover it: the client's refetch could not include it
    seen.socket = [{ event: 'resync.required', messageId: undefined, at: 2_500 }];
    const { counts, problems } = judge(posts, seen);
    expect(problems).toEqual(['1 acknowledged message(s) neither reached the socket nor were followed by a resync.required: 2']);
    expect(counts).toMatchObject({ socketEvents: 0, resyncs: 1, coveredByResync: 1 });
  });

  it('accepts a resync.required after the acknowledgement in place of the event', () => {
    const posts = [acked(1, 1_000)];
    const seen = { ...healthy(posts), socket: [{ event: 'resync.required', messageId: undefined, at: 1_000 }] };
    expect(judge(posts, seen).problems).toEqual([]);
  });
});
