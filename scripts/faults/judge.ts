// How a fault scenario is counted and judged, kept free of processes so judge.test.ts can feed it losses.
// The rules: every acknowledged message is in Postgres, reached every webhook target and is settled (not left
// `progress`, not `failed`); every acknowledged message reached the socket as `message.created` or the socket got a
// `resync.required` after it was acknowledged (the client refetches then, and the message was committed before
// its acknowledgement), which is what the hub guarantees (docs/realtime.md "Redis outages"). Webhooks are at least
// once: a delivery sent again (same X-Chatwoot-Delivery id) is counted, never a failure; a message fanned out into
// two deliveries of one target is a failure (the relay dispatches an event once, docs/jobs.md).

export type Target = 'account' | 'inbox';

/** One message the runner posted: acknowledged when the API answered 2xx with its id. */
export type Post = { sentAt: number; ackAt: number | null; messageId: number | null; error?: string };

export type Observation = {
  /** Ids of the scenario's messages found in Postgres (acknowledged or not). */
  stored: number[];
  /** Status in Postgres of the acknowledged messages (`progress`, `sent`, `failed`...). */
  statuses: Map<number, string>;
  /** `message_created` webhook requests the receiver took for the scenario's messages, repeats included. */
  receipts: { target: Target; messageId: number; delivery: string }[];
  /** Events the socket got during the scenario. */
  socket: { event: string; messageId: number | undefined; at: number }[];
  targets: Target[];
};

export type Counts = {
  sent: number;
  acknowledged: number;
  stored: number;
  delivered: Record<Target, number>;
  /** Requests beyond the first per message: the same delivery sent again. */
  duplicates: Record<Target, number>;
  socketEvents: number;
  socketDuplicates: number;
  resyncs: number;
  /** Acknowledged messages the socket saw only through a resync. */
  coveredByResync: number;
};

export type Judgement = { counts: Counts; problems: string[] };

const few = (ids: number[]) => (ids.length > 8 ? `${ids.slice(0, 8).join(', ')}, …` : ids.join(', '));

export function judge(posts: Post[], seen: Observation): Judgement {
  const acked = posts.filter((p): p is Post & { messageId: number; ackAt: number } => p.messageId !== null && p.ackAt !== null);
  const problems: string[] = [];
  const stored = new Set(seen.stored);
  const missing = acked.filter((p) => !stored.has(p.messageId)).map((p) => p.messageId);
  if (missing.length) problems.push(`${missing.length} acknowledged message(s) not in Postgres: ${few(missing)}`);

  const delivered = { account: 0, inbox: 0 };
  const duplicates = { account: 0, inbox: 0 };
  for (const target of seen.targets) {
    const got = seen.receipts.filter((r) => r.target === target).map((r) => r.messageId);
    const unique = new Set(got);
    delivered[target] = acked.filter((p) => unique.has(p.messageId)).length;
    duplicates[target] = got.length - unique.size;
    const lost = acked.filter((p) => !unique.has(p.messageId)).map((p) => p.messageId);
    if (lost.length) problems.push(`${lost.length} acknowledged message(s) never delivered to the ${target} webhook: ${few(lost)}`);
    const deliveries = new Map<number, Set<string>>();
    for (const r of seen.receipts.filter((r) => r.target === target)) deliveries.set(r.messageId, (deliveries.get(r.messageId) ?? new Set()).add(r.delivery));
    const doubled = [...deliveries].filter(([, ids]) => ids.size > 1).map(([id]) => id);
    if (doubled.length) problems.push(`${doubled.length} message(s) fanned out into more than one ${target} delivery: ${few(doubled)}`);
  }

  const unsettled = (status: string) => acked.filter((p) => seen.statuses.get(p.messageId) === status).map((p) => p.messageId);
  if (unsettled('failed').length) problems.push(`${unsettled('failed').length} acknowledged message(s) marked failed: ${few(unsettled('failed'))}`);
  if (unsettled('progress').length) problems.push(`${unsettled('progress').length} acknowledged message(s) still progress: ${few(unsettled('progress'))}`);

  const created = seen.socket.filter((e) => e.event === 'message.created' && e.messageId !== undefined).map((e) => e.messageId!);
  const arrived = new Set(created);
  const resyncTimes = seen.socket.filter((e) => e.event === 'resync.required').map((e) => e.at);
  const notArrived = acked.filter((p) => !arrived.has(p.messageId));
  const uncovered = notArrived.filter((p) => !resyncTimes.some((at) => at >= p.ackAt)).map((p) => p.messageId);
  if (uncovered.length) problems.push(`${uncovered.length} acknowledged message(s) neither reached the socket nor were followed by a resync.required: ${few(uncovered)}`);

  return {
    counts: {
      sent: posts.length,
      acknowledged: acked.length,
      stored: stored.size,
      delivered,
      duplicates,
      socketEvents: arrived.size,
      socketDuplicates: created.length - arrived.size,
      resyncs: resyncTimes.length,
      coveredByResync: notArrived.length - uncovered.length,
    },
    problems,
  };
}

/** One line for the scenario, e.g. `worker SIGKILL  ok  12.3 s  sent 300 …`. */
export function describe(name: string, seconds: number, { counts: c, problems }: Judgement, targets: Target[]): string {
  const delivered = targets.map((t) => `${t} ${c.delivered[t]} (+${c.duplicates[t]} dup)`).join(', ');
  const socket = `socket ${c.socketEvents} events${c.socketDuplicates ? ` (+${c.socketDuplicates} dup)` : ''}, ${c.resyncs} resync${c.resyncs === 1 ? '' : 's'}${c.coveredByResync ? ` covering ${c.coveredByResync}` : ''}`;
  return `${name.padEnd(26)} ${problems.length ? 'FAIL' : 'ok  '} ${seconds.toFixed(1).padStart(5)} s  sent ${c.sent}  acked ${c.acknowledged}  stored ${c.stored}  delivered ${delivered}  ${socket}`;
}
