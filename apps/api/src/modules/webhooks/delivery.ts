import type { DomainEvent } from '@app/shared/events';
import type { Services } from '../../lib/context.ts';
import { decrypt, hmacSha256 } from '../../lib/crypto.ts';
import { allowListGuard, BlockedAddressError, postGuarded } from '../../lib/safe-fetch.ts';
import { buildPayload, webhookEventName } from './payloads.ts';
import { claimDueDeliveries, insertDeliveries, recordAttempt, subscribedWebhooks, type AttemptOutcome, type ClaimedDelivery } from './queries.ts';

/** Attempts a delivery gets (the first send and five retries). */
export const MAX_ATTEMPTS = 6;
/** Retry delays as multiples of WEBHOOK_RETRY_BASE_MS (30 s): 30 s, 2 m, 10 m, 1 h, 6 h. */
const BACKOFF_FACTORS = [1, 4, 20, 120, 720];
/** Deliveries one run claims; the next run takes the rest. */
const BATCH = 50;

/**
 * Writes one pending delivery per webhook of the account subscribed to the event (inbox-scoped
 * webhooks only for events of their inbox), before anything is sent. Answers how many.
 */
export async function enqueueEvent(services: Services, event: DomainEvent, now = new Date()): Promise<number> {
  const name = webhookEventName(event);
  if (!name) return 0;
  const inboxId = 'inboxId' in event ? event.inboxId : undefined;
  const targets = await subscribedWebhooks(services.db, event.accountId, name, inboxId);
  if (targets.length === 0) return 0;
  const payload = await buildPayload(services, event, name);
  if (!payload) return 0;
  const rows = await insertDeliveries(
    services.db,
    targets.map((w) => ({ accountId: event.accountId, webhookId: w.id, event: name, payload, maxAttempts: MAX_ATTEMPTS, nextAttemptAt: now })),
  );
  return rows.length;
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

async function send(services: Services, delivery: ClaimedDelivery): Promise<Result> {
  const { webhooks } = services.config;
  const body = JSON.stringify(delivery.payload);
  try {
    const secret = decrypt(services.config.secretKeyBase, delivery.secretSealed);
    const headers = signedHeaders(secret, delivery.id, body, Math.floor(Date.now() / 1000));
    const { status } = await postGuarded(delivery.url, body, headers, { guard: allowListGuard(webhooks.allowedHosts), timeoutMs: webhooks.timeoutMs });
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

/**
 * Sends the deliveries due at `now` once each: claimed in one statement (several processes may run
 * this), each result written only if the delivery is still at the claimed attempt. Answers how
 * many were sent.
 */
export async function runDueDeliveries(services: Services, now = new Date()): Promise<number> {
  const lease = new Date(now.getTime() + services.config.webhooks.timeoutMs + 60_000);
  const claimed = await claimDueDeliveries(services.db, now, lease, BATCH);
  await Promise.all(
    claimed.map(async (delivery) => {
      const startedAt = Date.now();
      const result = await send(services, delivery);
      const written = await recordAttempt(services.db, delivery.id, delivery.attempts, outcomeOf(services, delivery, result, now, startedAt));
      services.log[result.delivered ? 'debug' : 'warn'](
        { deliveryId: delivery.id, webhookId: delivery.webhookId, attempt: delivery.attempts, statusCode: result.statusCode, error: result.error, written },
        result.delivered ? 'webhook delivered' : 'webhook attempt failed',
      );
    }),
  );
  return claimed.length;
}

export type DeliveryRunner = { kick: () => void; stop: () => Promise<void> };

/**
 * The in-process sender: polls every WEBHOOK_POLL_INTERVAL_MS (0 = never; another process sends) and
 * runs at once when kicked, one run at a time, on an unref'ed timer.
 */
export function startDeliveryRunner(services: Services): DeliveryRunner {
  const every = services.config.webhooks.pollIntervalMs;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped || every === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // a full batch means more may be due
        while (!stopped && (await runDueDeliveries(services)) === BATCH);
      } while (again && !stopped);
    })()
      .catch((err: unknown) => services.log.error({ err }, 'webhook delivery run failed'))
      .finally(() => (running = undefined));
  };
  const timer = every > 0 ? setInterval(run, every).unref() : undefined;
  return {
    kick: run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
