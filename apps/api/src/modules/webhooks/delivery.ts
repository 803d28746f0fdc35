import { readsBeside, type Db, type Executor } from '@app/db';
import { MESSAGE_TYPES } from '@app/shared/constants';
import type { WebhookEvent } from '@app/shared/webhooks';
import type { RelayBatch, RelayedEvent } from '../../jobs/outbox-relay.ts';
import type { Services } from '../../lib/context.ts';
import { decrypt, hmacSha256 } from '../../lib/crypto.ts';
import { allowListGuard, BlockedAddressError, guardedAgents, postGuarded, type AddressGuard, type GuardedAgents } from '../../lib/safe-fetch.ts';
import { accountNameIn, buildPayload, inboxSummaryIn, webhookEventName } from './payloads.ts';
import { openSecrets } from '../inboxes/channel-payload.ts';
import { settleMessageDeliveriesIn, type DeliveryOutcome } from '../messages/service.ts';
import { claimDueDeliveries, inboxWebhookTargets, insertDeliveries, nextDueAt, recordAttempts, subscribedWebhooks, type AttemptOutcome, type ClaimedDelivery } from './queries.ts';

/**
 * Attempts a delivery gets (the first send and five retries). An agent's outgoing message to an API
 * inbox gets as many: a receiver down for a while must not fail replies that account webhooks would
 * deliver; the message is failed with the error only once no attempt is left (or at once for an
 * answer that will not pass), and the agent's retry then sends it again.
 */
export const MAX_ATTEMPTS = 6;
/** Retry delays as multiples of WEBHOOK_RETRY_BASE_MS (30 s): 30 s, 2 m, 10 m, 1 h, 6 h. */
const BACKOFF_FACTORS = [1, 4, 20, 120, 720];
/** Deliveries one run claims; the next run takes the rest. */
const BATCH = 50;

/** What an API inbox's `webhook_url` receives: the inbox's conversation, message and typing events. */
const INBOX_EVENTS = new Set<WebhookEvent>([
  'conversation_created',
  'conversation_updated',
  'conversation_status_changed',
  'message_created',
  'message_updated',
  'conversation_typing_on',
  'conversation_typing_off',
]);

/** An inbox's `webhook_url` target, read once per relay batch. */
function inboxTarget(db: Executor, inboxId: number, batch: RelayBatch | undefined) {
  const find = () => inboxWebhookTargets(db, [inboxId]);
  return batch ? batch.memo(`inbox-target:${inboxId}`, find) : find();
}

/** The account webhooks subscribed to an event (of its inbox, or of every inbox), read once per relay batch. */
function hooksOf(db: Executor, accountId: number, name: WebhookEvent, inboxId: number | undefined, batch: RelayBatch | undefined) {
  const find = () => subscribedWebhooks(db, accountId, name, inboxId);
  return batch ? batch.memo(`webhooks:${accountId}:${name}:${inboxId}`, find) : find();
}

/**
 * Reads what a batch's deliveries look up into the batch's memo, beside the relay's transaction (readsBeside), each
 * wave at once: first the subscribed webhooks and the inboxes' targets, then, only for events that go somewhere, the
 * account and inbox names their payloads carry. A few round trips where the events would otherwise wait on one per
 * key, one after the other. On one connection (a transaction only, PGlite) it does nothing.
 */
async function readAhead(services: Services, events: readonly RelayedEvent[]): Promise<void> {
  const db = readsBeside(services.db);
  if (!db) return;
  const routed = events.flatMap(({ event, resend, batch }) => {
    const name = resend ? 'message_created' : webhookEventName(event);
    if (!name || !batch) return [];
    const inboxId = 'inboxId' in event ? event.inboxId : undefined;
    const hooks = resend ? Promise.resolve([]) : hooksOf(db, event.accountId, name, inboxId, batch);
    const target = inboxId !== undefined && INBOX_EVENTS.has(name) ? inboxTarget(db, inboxId, batch) : Promise.resolve([]);
    return [{ event, name, inboxId, batch, destinations: Promise.all([hooks, target]) }];
  });
  // all of the first wave at once (and every failure handled here, none left unawaited)
  const found = await Promise.all(routed.map((r) => r.destinations));
  const names: Promise<unknown>[] = [];
  for (const [i, { event, name, inboxId, batch }] of routed.entries()) {
    const [hooks, [inbox]] = found[i]!;
    if (hooks.length === 0 && !(inbox?.channelType === 'Channel::Api' && inbox.url)) continue;
    names.push(accountNameIn(db, event.accountId, batch));
    if (inboxId !== undefined && name.startsWith('message_')) names.push(inboxSummaryIn(db, event.accountId, inboxId, batch));
  }
  await Promise.all(names);
}

/** An outgoing, public message (what a channel delivers), from its push payload. */
const isDeliverable = (data: Record<string, unknown>) => MESSAGE_TYPES[data.message_type as number] === 'outgoing' && !data.private;

type NewDelivery = Parameters<typeof insertDeliveries>[1][number];

/**
 * The deliveries one event causes: one pending delivery per account webhook subscribed to it (inbox-scoped
 * ones only for events of their inbox) and, for an API inbox with a `webhook_url`, one to it; an agent's
 * outgoing message to it is linked to the delivery, whose result becomes the message's status. `resend` (a
 * retried message) goes to the inbox only.
 */
async function deliveriesOf(tx: Executor, services: Services, { event, resend, batch }: RelayedEvent, now: Date): Promise<NewDelivery[]> {
  const name = resend ? 'message_created' : webhookEventName(event);
  if (!name) return [];
  const inboxId = 'inboxId' in event ? event.inboxId : undefined;
  // One after the other: `tx` is one connection, which runs one query at a time (pg 9 refuses overlapping ones).
  const hooks = resend ? [] : await hooksOf(tx, event.accountId, name, inboxId, batch);
  const [inbox] = inboxId !== undefined && INBOX_EVENTS.has(name) ? await inboxTarget(tx, inboxId, batch) : [];
  const toInbox = inbox?.channelType === 'Channel::Api' && Boolean(inbox.url);
  if (hooks.length === 0 && !toInbox) return [];
  const payload = await buildPayload({ ...services, db: tx as Db }, event, name, batch);
  if (!payload) return [];
  const base = { accountId: event.accountId, event: name, payload, nextAttemptAt: now };
  const message = name === 'message_created' && isDeliverable(event.data as Record<string, unknown>) ? (event.data as { id: number }).id : null;
  return [
    ...hooks.map((w) => ({ ...base, webhookId: w.id, maxAttempts: MAX_ATTEMPTS })),
    ...(toInbox ? [{ ...base, inboxId: inbox!.inboxId, messageId: message, maxAttempts: MAX_ATTEMPTS }] : []),
  ];
}

/**
 * The outbox consumer of deliveries: the deliveries of a batch's events (deliveriesOf), written in the
 * relay's transaction in one statement, in the events' order. Answers how many.
 */
export async function writeDeliveries(tx: Executor, services: Services, events: readonly RelayedEvent[], now = new Date()): Promise<number> {
  await readAhead(services, events);
  const rows: NewDelivery[] = [];
  for (const relayed of events) rows.push(...(await deliveriesOf(tx, services, relayed, now)));
  return insertDeliveries(tx, rows);
}

/**
 * An agent's reply in an API inbox without a `webhook_url` has nowhere to be delivered. It is created sent (the
 * message insert decides it); one still in progress when relayed (stored while the inbox had a URL since removed,
 * or retried) is sent once relayed, not left in progress ("Queued") for ever. The outbox consumer
 * of a batch: its replies settled in the relay's transaction (so with the rows' dispatched mark, whatever
 * crashes) in one statement, not a few per reply; answers the after-commit step that announces them, or nothing
 * when no event of the batch is such a reply.
 */
export async function settleUndeliverable(tx: Executor, services: Services, events: readonly RelayedEvent[]): Promise<(() => Promise<void>) | undefined> {
  const settled = new Map<number, { accountId: number; messageId: number; outcome: DeliveryOutcome }>();
  for (const { event, resend, batch } of events) {
    const name = resend ? 'message_created' : webhookEventName(event);
    if (name !== 'message_created' || !('inboxId' in event) || event.inboxId === undefined) continue;
    const data = event.data as Record<string, unknown>;
    if (!isDeliverable(data) || data.status !== 'progress') continue;
    const [inbox] = await inboxTarget(tx, event.inboxId, batch);
    if (inbox?.channelType !== 'Channel::Api' || inbox.url) continue;
    const messageId = data.id as number;
    settled.set(messageId, { accountId: event.accountId, messageId, outcome: { status: 'sent' } });
  }
  return settled.size > 0 ? settleMessageDeliveriesIn(tx, services, [...settled.values()]) : undefined;
}

/** The headers of one request: X-Chatwoot-Signature is sha256=HMAC-SHA256(secret, "<timestamp>.<body>") in hex. */
export function signedHeaders(secret: string, deliveryId: number, body: string, timestamp: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'RelayDesk-Webhooks',
    'x-chatwoot-delivery': String(deliveryId),
    'x-chatwoot-timestamp': String(timestamp),
    'x-chatwoot-signature': `sha256=${hmacSha256(secret, `${timestamp}.${body}`)}`,
  };
}

type Result = { statusCode: number | null; error: string | null; retriable: boolean; delivered: boolean };

/**
 * The guard and keep-alive agents of an allow-list, made once per process and list: deliveries to one receiver reuse
 * their connections (a receiver takes hundreds a second under load; a new TCP and TLS handshake each would dominate).
 */
const senders = new Map<string, { guard: AddressGuard; agents: GuardedAgents }>();
function senderOf(allowedHosts: string[]) {
  const key = allowedHosts.join(',');
  let sender = senders.get(key);
  if (!sender) {
    const guard = allowListGuard(allowedHosts);
    sender = { guard, agents: guardedAgents(guard) };
    senders.set(key, sender);
  }
  return sender;
}

async function send(services: Services, delivery: ClaimedDelivery): Promise<Result> {
  const { webhooks } = services.config;
  const body = JSON.stringify(delivery.payload);
  try {
    const secret =
      delivery.sealedIn === 'webhook' ? decrypt(services.config.secretKeyBase, delivery.secretSealed) : (openSecrets(services.config.secretKeyBase, delivery.secretSealed).secret ?? '');
    const headers = signedHeaders(secret, delivery.id, body, Math.floor(Date.now() / 1000));
    const { status } = await postGuarded(delivery.url, body, headers, { ...senderOf(webhooks.allowedHosts), timeoutMs: webhooks.timeoutMs });
    if (status >= 200 && status < 300) return { statusCode: status, error: null, retriable: false, delivered: true };
    // 429 and 5xx may pass; any other answer (4xx, and 3xx: redirects are not followed) will not
    const retriable = status === 429 || status >= 500;
    return { statusCode: status, error: status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`, retriable, delivered: false };
  } catch (err) {
    if (err instanceof BlockedAddressError) return { statusCode: null, error: err.message, retriable: false, delivered: false };
    const message = err instanceof Error ? (err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timed out' : err.message) : String(err);
    return { statusCode: null, error: message, retriable: true, delivered: false };
  }
}

function outcomeOf(services: Services, delivery: ClaimedDelivery, result: Result, now: Date, startedAt: number): AttemptOutcome {
  const entry = { attempt: delivery.attempts, at: now.toISOString(), status_code: result.statusCode, error: result.error, duration_ms: Date.now() - startedAt };
  if (result.delivered) return { status: 'delivered', nextAttemptAt: now, statusCode: result.statusCode, error: null, deliveredAt: now, entry };
  const again = result.retriable && delivery.attempts < delivery.maxAttempts;
  const factor = BACKOFF_FACTORS[Math.min(delivery.attempts - 1, BACKOFF_FACTORS.length - 1)] ?? 1;
  return {
    status: again ? 'pending' : 'failed',
    nextAttemptAt: again ? new Date(now.getTime() + services.config.webhooks.retryBaseMs * factor) : now,
    statusCode: result.statusCode,
    error: result.error,
    deliveredAt: null,
    entry,
  };
}

type Attempt = { delivery: ClaimedDelivery; result: Result; outcome: AttemptOutcome };

/**
 * Sends the deliveries due at `now` once each: claimed in one statement (several processes may run
 * this), the run's sends at once, then each result written only if the delivery is still at the claimed
 * attempt: those with nothing to settle in one statement, those settling an agent's message together
 * with the messages' statuses in one transaction. Answers how many were sent.
 */
export async function runDueDeliveries(services: Services, now = new Date()): Promise<number> {
  // the lease outlasts a send and the write of its result; a claim of a crashed sender comes due after it
  const lease = new Date(now.getTime() + 2 * services.config.webhooks.timeoutMs + 5_000);
  const claimed = await claimDueDeliveries(services.db, now, lease, BATCH);
  const attempts = await Promise.all(
    claimed.map(async (delivery): Promise<Attempt> => {
      const startedAt = Date.now();
      const result = await send(services, delivery);
      return { delivery, result, outcome: outcomeOf(services, delivery, result, now, startedAt) };
    }),
  );
  const settling = attempts.filter(settles);
  const written = new Set([
    ...(await recordAttempts(services.db, toWrite(attempts.filter((a) => !settles(a)))).catch(unwritten(services))),
    ...(await settleAttempts(services, settling).catch(unwritten(services))),
  ]);
  for (const { delivery, result } of attempts) {
    services.log[result.delivered ? 'debug' : 'warn'](
      { deliveryId: delivery.id, webhookId: delivery.webhookId, attempt: delivery.attempts, statusCode: result.statusCode, error: result.error, written: written.has(delivery.id) },
      result.delivered ? 'webhook delivered' : 'webhook attempt failed',
    );
  }
  return claimed.length;
}

const toWrite = (attempts: Attempt[]) => attempts.map(({ delivery, outcome }) => ({ id: delivery.id, attempt: delivery.attempts, outcome }));

/** Nothing of these attempts was written: their claims come due again after the lease and are sent again. */
const unwritten = (services: Services) => (err: unknown) => {
  services.log.error({ err }, 'webhook: recording attempts failed');
  return new Set<number>();
};

/** The message status an attempt settles, when its delivery carries an agent's message and the attempt ends it. */
function settledStatus(outcome: AttemptOutcome): DeliveryOutcome | null {
  return outcome.status === 'delivered' ? { status: 'sent' } : outcome.status === 'failed' ? { status: 'failed', error: outcome.error ?? 'delivery failed' } : null;
}
const settles = ({ delivery, outcome }: Attempt) => delivery.messageId !== null && settledStatus(outcome) !== null;

/**
 * Writes attempts' results and their messages' statuses (sent, or failed with the error) in one
 * transaction: a crash between the two would leave a message in progress for ever, which the agent's
 * retry refuses. Answers the ids written (still at the claimed attempt); only their messages are settled.
 */
async function settleAttempts(services: Services, attempts: Attempt[]): Promise<Set<number>> {
  if (attempts.length === 0) return new Set();
  const { written, announce } = await services.db.transaction(async (tx) => {
    const written = await recordAttempts(tx, toWrite(attempts));
    const settled = attempts
      .filter(({ delivery }) => written.has(delivery.id))
      .map(({ delivery, outcome }) => ({ accountId: delivery.accountId, messageId: delivery.messageId!, outcome: settledStatus(outcome)! }));
    return { written, announce: await settleMessageDeliveriesIn(tx, services, settled) };
  });
  await announce?.().catch((err: unknown) => services.log.error({ err }, 'webhook: announcing message statuses failed'));
  return written;
}

/**
 * The `webhooks` job: sends what is due until a run finds less than a full batch. Answers how long
 * until the next pending delivery comes due (for a delayed job), or null when none is pending.
 */
export async function sendDueDeliveries(services: Services): Promise<number | null> {
  while ((await runDueDeliveries(services)) === BATCH);
  const next = await nextDueAt(services.db);
  return next ? Math.max(0, next.getTime() - Date.now()) : null;
}
