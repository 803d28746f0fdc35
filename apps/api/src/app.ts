import type { Services } from './lib/context.ts';
import path from 'node:path';
import type { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@app/db';
import type { Config } from './plugins/config.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createLocalStorage, type Storage } from './lib/storage.ts';
import { redisFallbackStore } from './lib/rate-limit-store.ts';
import { createEventBus, type EventBus } from './lib/event-bus.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { servicesPlugin } from './plugins/services.ts';
import { authPlugin } from './plugins/auth.ts';
import { accessPlugin } from './plugins/access.ts';
import { idParamsPlugin } from './plugins/id-params.ts';
import { inputGuardsPlugin } from './plugins/input-guards.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { logMixin, requestIdFrom } from './lib/logger.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { storagePlugin } from './plugins/storage.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { systemModule } from './modules/system/index.ts';
import { authModule } from './modules/auth/index.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { auditLogsModule } from './modules/audit-logs/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { withdrawIssuesModule } from './modules/withdraw-issues/index.ts';
import { reportingEventsModule } from './modules/reporting-events/index.ts';
import { conversationSummariesModule } from './modules/conversation-summaries/index.ts';
import { profileModule } from './modules/profile/index.ts';
import { agentsModule } from './modules/agents/index.ts';
import { customRolesModule } from './modules/custom-roles/index.ts';
import { labelsModule } from './modules/labels/index.ts';
import { cannedResponsesModule } from './modules/canned-responses/index.ts';
import { customAttributesModule } from './modules/custom-attributes/index.ts';
import { teamsModule } from './modules/teams/index.ts';
import { customFiltersModule } from './modules/custom-filters/index.ts';
import { inboxesModule } from './modules/inboxes/index.ts';
import { inboxMembersModule } from './modules/inbox-members/index.ts';
import { agentBotsModule } from './modules/agent-bots/index.ts';
import { contactsModule } from './modules/contacts/index.ts';
import { conversationsModule } from './modules/conversations/index.ts';
import { messagesModule } from './modules/messages/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';
import { dashboardAppsModule } from './modules/dashboard-apps/index.ts';
import { integrationsModule } from './modules/integrations/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { notificationSubscriptionsModule } from './modules/notification-subscriptions/index.ts';
import { publicApiModule } from './modules/public-api/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { ocrModule } from './modules/ocr/index.ts';
import { contactJobsModule } from './modules/contact-jobs/index.ts';
import { searchModule } from './modules/search/index.ts';
import { bulkActionsModule } from './modules/bulk-actions/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { csatModule } from './modules/csat/index.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  storage?: Storage;
  bus?: EventBus;
  /** Redis client for shared rate-limit counters; in-process counters without it. */
  redis?: Redis | undefined;
  logger?: FastifyServerOptions['logger'];
};

export type App = FastifyInstance;

/** What service verbs need, taken from a built app (for work outside a request: the CLI, the control socket). */
export function servicesOf(app: App): Services {
  return { db: app.db, config: app.config, log: app.log, mailer: app.mailer, storage: app.storage, bus: app.bus };
}

/** Registers the plugins in a fixed order, then one line per module. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      ...(config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
      redact: ['req.headers["access-token"]', 'req.headers.api_access_token', 'req.headers.authorization'],
      // job runs add their job_id to every line (lib/logger.ts); requests carry reqId
      mixin: logMixin,
    },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    // the caller's x-request-id when it is a plain token, else a UUID; echoed in every response (plugins/metrics)
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // Rails routes `inboxes/` like `inboxes`, and unmodified Chatwoot clients send both.
    routerOptions: { ignoreTrailingSlash: true },
    // Rails answers `/api/v1/accounts.json` like `/api/v1/accounts`; Chatwoot clients still send the suffix.
    rewriteUrl: (req) => (req.url ?? '/').replace(/^(\/(?:api|auth|enterprise)\/[^?]*?)\.json(?=\?|$)/, '$1'),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Hot response schemas are compiled to fast-json-stringify; every other one goes through zod (plugins/serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler(config.responseSerializer));

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const storage = options.storage ?? createLocalStorage({ root: path.join(config.dataDir, 'storage'), publicUrl: config.frontendUrl });

  await app.register(errorsPlugin);
  const bus = options.bus ?? createEventBus(app.log);
  await app.register(servicesPlugin, { config, database: options.database, mailer, storage, bus });
  await app.register(metricsPlugin);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Shared counters in Redis, in-process ones while it is down (lib/rate-limit-store.ts).
    ...(options.redis ? { store: redisFallbackStore(options.redis, app.log) } : {}),
  });
  await app.register(multipartPlugin);
  await app.register(authPlugin);
  await app.register(idParamsPlugin);
  await app.register(accessPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(openapiPlugin);
  await app.register(storagePlugin);
  await app.register(webPlugin);
  await app.register(realtimePlugin, { redis: options.redis });
  await app.register(jobsPlugin);

  await app.register(systemModule);
  await app.register(authModule);
  await app.register(accountsModule);
  await app.register(profileModule);
  await app.register(agentsModule);
  await app.register(customRolesModule);
  await app.register(labelsModule);
  await app.register(cannedResponsesModule);
  await app.register(customAttributesModule);
  await app.register(teamsModule);
  await app.register(customFiltersModule);
  await app.register(inboxesModule);
  await app.register(inboxMembersModule);
  await app.register(agentBotsModule);
  await app.register(contactsModule);
  await app.register(conversationsModule);
  await app.register(messagesModule);
  await app.register(webhooksModule);
  await app.register(dashboardAppsModule);
  await app.register(integrationsModule);
  await app.register(notificationsModule);
  await app.register(notificationSubscriptionsModule);
  await app.register(publicApiModule);
  await app.register(auditLogsModule);
  await app.register(billingModule);
  await app.register(paymentsModule);
  await app.register(withdrawIssuesModule);
  await app.register(reportingEventsModule);
  await app.register(conversationSummariesModule);
  await app.register(ocrModule);
  await app.register(contactJobsModule);
  await app.register(searchModule);
  await app.register(bulkActionsModule);
  await app.register(reportsModule);
  await app.register(csatModule);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  return app;
}
