import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Redis } from 'ioredis';
import { ping } from '@app/db';
import { PRODUCT_VERSION } from '../../version.ts';
import { checkReadiness, shippedMigrations } from './readiness.ts';

const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime_seconds: z.number().describe('Seconds since this process started.'),
});

const CheckSchema = z.object({
  status: z.enum(['ok', 'failing', 'not_configured']),
  latency_ms: z.number().optional(),
  error: z.string().optional().describe('Why the check failed, e.g. "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432".'),
});

const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: CheckSchema,
    redis: CheckSchema.describe('not_configured in embedded mode (no REDIS_URL).'),
    migrations: z.object({
      status: z.enum(['ok', 'pending', 'failing']),
      applied: z.number().optional(),
      expected: z.number(),
      pending: z.array(z.string()).optional().describe('Migrations this build ships that the database has not applied.'),
      error: z.string().optional(),
    }),
  }),
});

const StatusSchema = z.object({
  version: z.string(),
  timestamp: z.string(),
  queue_services: z.enum(['ok', 'failing', 'embedded']),
  data_services: z.enum(['ok', 'failing']),
});

/** Installation settings the dashboard needs before (or without) signing in; no secrets. */
const GlobalConfigSchema = z.object({
  agent_bots_enabled: z.boolean().describe('AGENT_BOTS_ENABLED: agent bots are offered on this installation (accounts also need their agent_bots feature).'),
  deployment: z.enum(['self_hosted', 'cloud']),
  create_new_account_from_dashboard: z.boolean(),
  billing_configured: z.boolean().describe('BILLING_CHECKOUT_URL is set on the cloud offering: the billing page can send administrators to checkout.'),
  enable_account_signup: z.boolean(),
  oauth_providers: z
    .object({ google: z.boolean(), microsoft: z.boolean(), twitter: z.boolean(), facebook: z.boolean() })
    .describe('Providers whose OAuth app is configured, so their inboxes can be connected.'),
  vapid_public_key: z.string().describe('The VAPID public key browsers subscribe to push with (Chatwoot: vapidPublicKey).'),
  facebook_app_id: z
    .string()
    .nullable()
    .describe("FB_APP_ID when the Facebook app is configured: the browser's Facebook login needs it (an app id is public; the secret never leaves the server)."),
  payments_account_id: z
    .number()
    .int()
    .describe('PAYMENTS_ACCOUNT_ID (default 1): the account the dashboard sends withdraw and recharge calls to, whatever account is open (001 section 9).'),
});

async function status(check: () => Promise<void>): Promise<'ok' | 'failing'> {
  try {
    await check();
    return 'ok';
  } catch {
    return 'failing';
  }
}

export const systemModule: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process is up and serving. Never looks at Postgres or Redis, so an outage of those does
  // not get healthy API processes restarted (that is /ready's job: take them out of the load balancer).
  app.get(
    '/health',
    // probes every few seconds: not logged at info
    { logLevel: 'warn', config: { auth: 'none' }, schema: { tags: ['system'], summary: 'Liveness: the process is up (no dependency checked)', response: { 200: HealthSchema } } },
    () => ({ status: 'ok' as const, version: PRODUCT_VERSION, uptime_seconds: Math.round(process.uptime()) }),
  );

  // Readiness: a dedicated Redis connection that fails fast (one retry) instead of queueing the ping.
  const shipped = shippedMigrations();
  let redis: Redis | undefined;
  const pingRedis = app.config.redisUrl
    ? async () => {
        if (!redis) {
          const { Redis } = await import('ioredis');
          redis = new Redis(app.config.redisUrl!, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
          redis.on('error', (err) => app.log.debug({ err }, 'ready: redis error'));
        }
        return redis.ping();
      }
    : undefined;
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get(
    '/ready',
    {
      logLevel: 'warn',
      config: { auth: 'none' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers, Redis answers (when configured) and every migration is applied',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness({ db: app.db, pingRedis, shipped });
      return reply
        .status(readiness.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness);
    },
  );

  app.get(
    '/api',
    { config: { auth: 'none' }, schema: { tags: ['system'], summary: 'Version and health of the installation', response: { 200: StatusSchema, 503: StatusSchema } } },
    async (_request, reply) => {
      const data = await status(() => ping(app.db));
      const body = {
        version: PRODUCT_VERSION,
        timestamp: new Date().toISOString(),
        queue_services: app.config.redisEnabled ? ('ok' as const) : ('embedded' as const),
        data_services: data,
      };
      return reply.status(data === 'ok' ? 200 : 503).send(body);
    },
  );

  app.get(
    '/api/v1/global_config',
    { config: { auth: 'none' }, schema: { tags: ['system'], summary: 'Installation flags for the dashboard (agent bots, sign-up, OAuth providers)', response: { 200: GlobalConfigSchema } } },
    () => {
      const { config } = app;
      return {
        agent_bots_enabled: config.agentBotsEnabled,
        deployment: config.deployment,
        create_new_account_from_dashboard: config.createAccountFromDashboard,
        billing_configured: config.deployment === 'cloud' && Boolean(config.billing.checkoutUrl),
        enable_account_signup: config.enableAccountSignup,
        oauth_providers: {
          google: Boolean(config.oauth.google),
          microsoft: Boolean(config.oauth.microsoft),
          twitter: Boolean(config.oauth.twitter),
          facebook: Boolean(config.oauth.facebook),
        },
        vapid_public_key: config.vapid.publicKey,
        facebook_app_id: config.oauth.facebook?.clientId ?? null,
        payments_account_id: config.paymentsAccountId,
      };
    },
  );
};
