import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox } from '../../../test/factories.ts';
import type { Services } from '../../lib/context.ts';
import { drainOutbox } from '../../jobs/outbox-relay.ts';
import { OUTBOX_CONSUMERS } from '../../jobs/processors.ts';
import { sendDueDeliveries } from './delivery.ts';

/**
 * Not a timed test: measures how fast a backlog of outbox rows turns into delivered webhooks (docs/webhooks.md,
 * "Throughput"). Runs only with WEBHOOK_DRAIN_ROWS set, e.g.
 *   WEBHOOK_DRAIN_ROWS=2000 pnpm --filter @app/api exec vitest run src/modules/webhooks/drain.measure.test.ts
 * A backlog of agent replies and contact messages over 100 conversations, two account webhooks subscribed to
 * message_created and an API inbox webhook_url: every row must end delivered, and the figures are printed.
 */
const ROWS = Number(process.env.WEBHOOK_DRAIN_ROWS ?? 0);

describe.runIf(ROWS > 0)('webhook backlog drain (measure)', () => {
  let t: TestContext;
  let services: Services;
  let server: http.Server;
  let receiver: string;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits++;
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', RUN_WORKERS: 'false' });
    services = { db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus };
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it(`drains ${ROWS} outbox rows into delivered webhooks`, { timeout: 600_000 }, async () => {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Load' });
    const inbox = await createInbox(t, account.id, { name: 'Backend' });
    await t.db.update(schema.channels).set({ settings: { webhook_url: `${receiver}/inbox`, hmac_mandatory: false } }).where(eq(schema.channels.id, inbox.channelId));
    for (const n of [1, 2]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/webhooks`, headers: admin.headers, payload: { url: `${receiver}/hook-${n}`, subscriptions: ['message_created'] } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const conversations = await Promise.all(Array.from({ length: 100 }, () => createConversation(t, account.id, inbox.id)));
    // the backlog: written through the API (each with its outbox row), nothing relayed yet
    for (let i = 0; i < ROWS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, ROWS - i) }, (_, k) => {
          const conversation = conversations[(i + k) % conversations.length]!;
          return t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`, headers: admin.headers, payload: { content: `Reply ${i + k}` } });
        }),
      );
    }
    const o = schema.outboxEvents;
    const [{ n: backlog }] = ((await t.db.execute(sql`select count(*)::int as n from ${o} where ${o.dispatchedAt} is null`)) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    const started = performance.now();
    const relayed = await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
    const relayedAt = performance.now();
    await sendDueDeliveries(services);
    const sentAt = performance.now();
    const d = schema.webhookDeliveries;
    const statuses = ((await t.db.execute(sql`select status, count(*)::int as n from ${d} group by status`)) as unknown as { rows: { status: string; n: number }[] }).rows;
    const delivered = statuses.find((s) => s.status === 'delivered')?.n ?? 0;
    const relaySeconds = (relayedAt - started) / 1000;
    const sendSeconds = (sentAt - relayedAt) / 1000;
    process.stdout.write(
      `webhook drain: ${relayed} outbox rows relayed in ${relaySeconds.toFixed(1)} s (${(relayed / relaySeconds).toFixed(0)} rows/s); ` +
        `${delivered} deliveries sent in ${sendSeconds.toFixed(1)} s (${(delivered / sendSeconds).toFixed(0)}/s); ` +
        `whole backlog ${((sentAt - started) / 1000).toFixed(1)} s (${(relayed / ((sentAt - started) / 1000)).toFixed(0)} rows/s)\n`,
    );
    expect(relayed).toBe(backlog);
    expect(statuses).toEqual([{ status: 'delivered', n: delivered }]);
    // each agent reply goes to both account webhooks and to the inbox's webhook_url
    expect(delivered).toBeGreaterThanOrEqual(3 * ROWS);
    expect(hits).toBe(delivered);
  });
});
