import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { DEFAULT_PAYMENTS_ACCOUNT_ID } from '@app/shared/payments-constants';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** Every environment variable the server reads; `.env.example` lists the same set. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Relay Desk <no-reply@relay-desk.local>'),
  FRONTEND_URL: optionalUrl,
  SECRET_KEY_BASE: z.string().min(32).optional(),
  SEED_ACCOUNT_NAME: z.string().min(1).default('Acme Support'),
  SEED_ADMIN_NAME: z.string().min(1).default('Administrator'),
  SEED_ADMIN_EMAIL: z.email().default('admin@example.com'),
  SEED_ADMIN_PASSWORD: z.string().min(6).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: flag.default(false),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  ENABLE_ACCOUNT_SIGNUP: flag.default(false),
  CREATE_NEW_ACCOUNT_FROM_DASHBOARD: flag.default(true),
  DEPLOYMENT: z.enum(['self_hosted', 'cloud']).default('self_hosted'),
  WEB_DIST_DIR: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DB_PREPARED_STATEMENTS: flag.default(true),
  RESPONSE_SERIALIZER: z.enum(['compiled', 'checked', 'zod']).default('compiled'),
  AGENT_BOTS_ENABLED: flag.default(true),
  GOOGLE_OAUTH_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().trim().optional(),
  AZURE_APP_ID: z.string().trim().optional(),
  AZURE_APP_SECRET: z.string().trim().optional(),
  TWITTER_CLIENT_ID: z.string().trim().optional(),
  TWITTER_CLIENT_SECRET: z.string().trim().optional(),
  FB_APP_ID: z.string().trim().optional(),
  FB_APP_SECRET: z.string().trim().optional(),
  SLACK_CLIENT_ID: z.string().trim().optional(),
  SLACK_CLIENT_SECRET: z.string().trim().optional(),
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  FACEBOOK_GRAPH_URL: z.string().trim().url().default('https://graph.facebook.com/v19.0'),
  TRANSLATION_API_URL: optionalUrl,
  TRANSLATION_API_KEY: z.string().trim().optional(),
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  RUN_WORKERS: flag.default(true),
  JOBS_PREFIX: z.string().trim().min(1).default('jobs'),
  BILLING_CHECKOUT_URL: optionalUrl,
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  PAYMENTS_ACCOUNT_ID: z.coerce.number().int().positive().max(2_147_483_647).default(DEFAULT_PAYMENTS_ACCOUNT_ID),
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  OCR_IDLE_MS: z.coerce.number().int().min(1_000).default(300_000),
  OCR_QUEUE_LIMIT: z.coerce.number().int().min(0).default(20),
  OCR_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  REALTIME_PRESENCE_TTL_SECONDS: z.coerce.number().positive().max(3600).default(30),
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'must be at least 16 characters (Prometheus sends it as a bearer token)').optional())
    .optional(),
});

/** An OAuth client the installation is registered with; absent when either half is not configured. */
export type OAuthClient = { clientId: string; clientSecret: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  frontendUrl: string;
  secretKeyBase: string;
  seed: { accountName: string; adminName: string; adminEmail: string; adminPassword: string | undefined };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logPretty: boolean;
  authRateLimit: { max: number; windowSeconds: number };
  enableAccountSignup: boolean;
  createAccountFromDashboard: boolean;
  deployment: 'self_hosted' | 'cloud';
  webDistDir: string;
  dbPoolSize: number;
  /** Statements with parameters run as named prepared statements (DB_PREPARED_STATEMENTS, default on). */
  dbPreparedStatements: boolean;
  /**
   * How responses with a hot schema are written (plugins/serializer.ts): compiled from the zod schema (default),
   * checked (both ways, a difference is a 500: the tests' mode) or through zod as every other route.
   */
  responseSerializer: 'compiled' | 'checked' | 'zod';
  /** Installation switch for agent bots (000 section 6: the agent-bots item needs a global config flag). */
  agentBotsEnabled: boolean;
  /** Providers whose inbox authorization is configured (google and microsoft mail, twitter, facebook pages). */
  oauth: { google?: OAuthClient; microsoft?: OAuthClient; twitter?: OAuthClient; facebook?: OAuthClient; slack?: OAuthClient };
  /** Slack's Web API base (a local fake in tests). */
  slackApiUrl: string;
  /** Facebook's Graph API (FACEBOOK_GRAPH_URL, versioned), asked for a user's pages when a page inbox is connected. */
  facebookGraphUrl: string;
  /** A LibreTranslate-compatible provider for message translation; none when the URL is unset. */
  translation: { url: string | undefined; apiKey: string | undefined };
  /**
   * Outgoing account webhooks: hosts, addresses or CIDRs reachable despite being private, the send
   * timeout, the first retry delay (later ones scale from it) and the in-process runner's poll (0 = off).
   */
  webhooks: { allowedHosts: string[]; timeoutMs: number; retryBaseMs: number; pollIntervalMs: number };
  /**
   * Jobs: whether this process runs the queues' workers (`serve` with RUN_WORKERS=false leaves them to
   * `api worker` processes; without Redis nothing else would run them: keep it on), and the BullMQ key prefix.
   */
  jobs: { runWorkers: boolean; prefix: string };
  /**
   * Billing on the cloud offering (docs/billing.md): the billing provider's hosted checkout or customer-portal
   * address; POST checkout sends administrators there. Unset: billing is not configured.
   */
  billing: { checkoutUrl: string | undefined };
  /** The VAPID key pair browser pushes are signed with (base64url); the public half goes to the dashboard. */
  vapid: VapidKeys;
  /**
   * The account the dashboard sends withdraw and recharge calls to (001 section 9: account 1), whatever account
   * is open; the API still serves payments on every account path, with the usual tenancy.
   */
  paymentsAccountId: number;
  /**
   * OCR of payment screenshots (docs/ocr.md): tesseract workers started on demand (at most `workers`),
   * stopped after `idleMs` without work, at most `queueLimit` images waiting (503 beyond), `timeoutMs` an image.
   */
  ocr: { workers: number; idleMs: number; queueLimit: number; timeoutMs: number };
  /**
   * Prometheus metrics at /metrics (docs/operations.md): on only when METRICS_TOKEN is set, and then only for
   * requests that send it as `Authorization: Bearer <token>`. Unset: no route, nothing collected.
   */
  metrics: { token: string | undefined };
  /**
   * /cable with Redis (docs/realtime.md "Presence"): how long the users of a process that died without closing
   * stay online; each process refreshes its entries every third of it.
   */
  realtime: { presenceTtlMs: number };
  /** Derived: embedded mode runs PGlite and in-process queues. */
  embedded: boolean;
  redisEnabled: boolean;
  /**
   * How many `serve` processes one `api serve` runs (WEB_CONCURRENCY, node:cluster, one port): a Node process
   * uses one core for its requests. More than one needs Postgres and Redis (the events fan out through Redis).
   */
  webConcurrency: number;
};

export type VapidKeys = { publicKey: string; privateKey: string };

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment once; the secret comes from SECRET_KEY_BASE or a file kept in the data dir. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && !(e.DATABASE_URL && e.REDIS_URL)) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY=${e.WEB_CONCURRENCY} needs DATABASE_URL and REDIS_URL: the embedded database and the in-process events belong to one process`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    frontendUrl: (e.FRONTEND_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    secretKeyBase: e.SECRET_KEY_BASE ?? dataDirSecret(dataDir),
    seed: {
      accountName: e.SEED_ACCOUNT_NAME,
      adminName: e.SEED_ADMIN_NAME,
      adminEmail: e.SEED_ADMIN_EMAIL.toLowerCase(),
      adminPassword: e.SEED_ADMIN_PASSWORD,
    },
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    enableAccountSignup: e.ENABLE_ACCOUNT_SIGNUP,
    createAccountFromDashboard: e.CREATE_NEW_ACCOUNT_FROM_DASHBOARD,
    deployment: e.DEPLOYMENT,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    dbPoolSize: e.DB_POOL_SIZE,
    dbPreparedStatements: e.DB_PREPARED_STATEMENTS,
    responseSerializer: e.RESPONSE_SERIALIZER,
    agentBotsEnabled: e.AGENT_BOTS_ENABLED,
    oauth: {
      ...oauthClient('google', e.GOOGLE_OAUTH_CLIENT_ID, e.GOOGLE_OAUTH_CLIENT_SECRET),
      ...oauthClient('microsoft', e.AZURE_APP_ID, e.AZURE_APP_SECRET),
      ...oauthClient('twitter', e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET),
      ...oauthClient('facebook', e.FB_APP_ID, e.FB_APP_SECRET),
      ...oauthClient('slack', e.SLACK_CLIENT_ID, e.SLACK_CLIENT_SECRET),
    },
    slackApiUrl: e.SLACK_API_URL.replace(/\/$/, ''),
    facebookGraphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
    translation: { url: e.TRANSLATION_API_URL, apiKey: e.TRANSLATION_API_KEY || undefined },
    webhooks: {
      allowedHosts: e.WEBHOOK_ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      pollIntervalMs: e.WEBHOOK_POLL_INTERVAL_MS,
    },
    jobs: { runWorkers: e.RUN_WORKERS, prefix: e.JOBS_PREFIX },
    billing: { checkoutUrl: e.BILLING_CHECKOUT_URL },
    vapid: vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, dataDir),
    paymentsAccountId: e.PAYMENTS_ACCOUNT_ID,
    ocr: { workers: e.OCR_WORKERS, idleMs: e.OCR_IDLE_MS, queueLimit: e.OCR_QUEUE_LIMIT, timeoutMs: e.OCR_TIMEOUT_MS },
    metrics: { token: e.METRICS_TOKEN },
    realtime: { presenceTtlMs: Math.round(e.REALTIME_PRESENCE_TTL_SECONDS * 1000) },
    embedded: !e.DATABASE_URL,
    redisEnabled: Boolean(e.REDIS_URL),
    webConcurrency: e.WEB_CONCURRENCY,
  };
}

function oauthClient(provider: string, clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { [provider]: { clientId, clientSecret } } : {};
}

/** Without SECRET_KEY_BASE, a random secret is made once and kept beside the data. */
function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret_key_base');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither), else one made once and kept
 * beside the data: browsers subscribed with the public key, so it must not change between starts.
 */
function vapidKeys(publicKey: string | undefined, privateKey: string | undefined, dataDir: string): VapidKeys {
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
    return { publicKey, privateKey };
  }
  const file = path.join(dataDir, 'vapid_keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    // Exclusive: two processes starting on one data dir (app and worker) end up with the same pair.
    writeFileSync(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return vapidKeys(undefined, undefined, dataDir);
    throw error;
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
