import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createInbox } from '../../test/factories.ts';
import { createMetrics } from '../lib/metrics.ts';
import { observed } from './jobs.ts';
import { bearerMatches } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestContext;
let off: TestContext;
beforeAll(async () => {
  // no sweep: the outbox row planted below must stay unrelayed while it is measured
  t = await buildTestApp({ METRICS_TOKEN: TOKEN, WEBHOOK_POLL_INTERVAL_MS: '0' });
  off = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrape = (token?: string) => t.app.inject({ url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  it('is off without METRICS_TOKEN: no route (404), nothing collected', async () => {
    expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(off.app.metrics).toBeNull();
  });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const res of [await scrape(), await scrape('wrong-token-0123456789'), await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it('answers the Prometheus text format: latency by route pattern and status class, sockets, outbox lag, queue depth, process metrics', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    expect((await t.app.inject({ url: `/api/v1/accounts/${account.id}/inboxes/${inbox.id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/accounts/${account.id}/inboxes/${inbox.id}` })).statusCode).toBe(401);
    // an outbox row two minutes old that no relay has taken
    await t.db.insert(schema.outboxEvents).values({ accountId: account.id, name: 'contact.updated', subject: { contactId: 1 }, createdAt: new Date(Date.now() - 120_000) });

    const res = await scrape(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const route = '/api/v1/accounts/:accountId/inboxes/:id';
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_class: '2xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route, status_class: '2xx', le: '+Inf' })).toBe(1);
    // the route pattern, never the raw path (ids would make a series per record)
    expect(text).not.toContain(`/inboxes/${inbox.id}"`);

    expect(sample(text, 'relay_desk_realtime_sockets')).toBe(0);
    expect(sample(text, 'relay_desk_outbox_pending', { lane: 'default' })).toBe(1);
    expect(sample(text, 'relay_desk_outbox_pending', { lane: 'inbound' })).toBe(0);
    expect(sample(text, 'relay_desk_outbox_lag_seconds', { lane: 'default' })).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'relay_desk_outbox_lag_seconds', { lane: 'inbound' })).toBe(0);
    expect(text).toContain('relay_desk_process_resident_memory_bytes');
    if (t.config.redisEnabled) {
      for (const queue of ['outbox', 'inbound', 'webhooks', 'scheduled', 'imports']) {
        expect(sample(text, 'relay_desk_job_queue_depth', { queue, state: 'waiting' }), queue).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('counts job runs and failures by queue and job name', async () => {
    const metrics = createMetrics();
    const processors = observed(
      {
        'webhooks:send': async () => 'sent',
        'scheduled:sweep': async () => {
          throw new Error('sweep failed');
        },
      },
      metrics,
    );
    await processors['webhooks:send']!({ queue: 'webhooks', name: 'send' });
    await processors['webhooks:send']!({ queue: 'webhooks', name: 'send' });
    await expect(processors['scheduled:sweep']!({ queue: 'scheduled', name: 'sweep' })).rejects.toThrow('sweep failed');
    const text = await metrics.render();
    expect(sample(text, 'relay_desk_job_runs_total', { queue: 'webhooks', name: 'send', outcome: 'completed' })).toBe(2);
    expect(sample(text, 'relay_desk_job_runs_total', { queue: 'scheduled', name: 'sweep', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'relay_desk_job_failures_total', { queue: 'scheduled', name: 'sweep' })).toBe(1);
    expect(sample(text, 'relay_desk_jobs_active', { queue: 'webhooks' })).toBe(0);
  });
});
