import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentBotListSchema,
  AgentBotSchema,
  CreateAgentBotBodySchema,
  InboxAgentBotSchema,
  SetAgentBotBodySchema,
  UpdateAgentBotBodySchema,
} from '@app/shared/agent-bots';
import { AppError } from '../../lib/app-error.ts';
import { accountCtx } from '../../plugins/access.ts';
import {
  createAgentBot,
  deleteAgentBot,
  getAgentBot,
  getInboxAgentBot,
  listAgentBots,
  removeAgentBotAvatar,
  resetAgentBotToken,
  setInboxAgentBot,
  updateAgentBot,
} from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['agent_bots'];
const base = '/api/v1/accounts/:accountId/agent_bots';
const inbox = '/api/v1/accounts/:accountId/inboxes/:id';
const response = { 200: AgentBotSchema };

/**
 * Agent bots (Chatwoot's agent_bots and the inbox agent_bot/set_agent_bot routes). Every route needs the
 * account's agent_bots feature and the installation switch AGENT_BOTS_ENABLED (000 section 6).
 */
export const agentBotsModule: FastifyPluginAsyncZod = async (app) => {
  // Runs after plugins/access (a parent hook), so callers without access still get 401/404 first.
  app.addHook('preValidation', async () => {
    if (!app.config.agentBotsEnabled) {
      throw new AppError('feature_disabled', 'Agent bots are turned off on this installation.', { extra: { error_code: 'feature_disabled' } });
    }
  });

  const read = { access: 'api:agent_bots.index', feature: 'agent_bots' } as const;
  const write = { access: 'api:agent_bots.manage', feature: 'agent_bots' } as const;

  app.get(base, { config: read, schema: { tags, summary: "List the account's agent bots and the system bots", params, response: { 200: AgentBotListSchema } } }, (request) =>
    listAgentBots(accountCtx(request)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, summary: "Show an agent bot (the account's or a system bot)", params: idParams, response } }, (request) =>
    getAgentBot(accountCtx(request), request.params.id),
  );
  app.post(
    base,
    { config: write, schema: { tags, summary: 'Create an agent bot with its own API access token (JSON or multipart `agent_bot[...]`)', params, body: CreateAgentBotBodySchema, response } },
    (request) => createAgentBot(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    { config: write, schema: { tags, summary: 'Update an agent bot (system bots are read-only: 404)', params: idParams, body: UpdateAgentBotBodySchema, response } },
    (request) => updateAgentBot(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete an agent bot and its token; its inboxes are left without a bot', params: idParams } }, async (request, reply) => {
    await deleteAgentBot(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
  app.delete(`${base}/:id/avatar`, { config: write, schema: { tags, summary: "Remove an agent bot's avatar", params: idParams, response } }, (request) =>
    removeAgentBotAvatar(accountCtx(request), request.params.id),
  );
  app.post(`${base}/:id/reset_access_token`, { config: write, schema: { tags, summary: "Replace an agent bot's API access token", params: idParams, response } }, (request) =>
    resetAgentBotToken(accountCtx(request), request.params.id),
  );

  app.get(
    `${inbox}/agent_bot`,
    { config: { access: 'api:inboxes.index', feature: 'agent_bots' }, schema: { tags, summary: "The inbox's agent bot, or null", params: idParams, response: { 200: InboxAgentBotSchema } } },
    (request) => getInboxAgentBot(accountCtx(request), request.params.id),
  );
  app.post(
    `${inbox}/set_agent_bot`,
    {
      config: { access: 'api:inboxes.manage', feature: 'agent_bots' },
      schema: { tags, summary: "Set the inbox's agent bot, or disconnect it with null", params: idParams, body: SetAgentBotBodySchema, response: { 204: z.null().describe('No content') } },
    },
    async (request, reply) => {
      await setInboxAgentBot(accountCtx(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
