import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentListSchema, AgentSchema, BulkCreateAgentsBodySchema, CreateAgentBodySchema, UpdateAgentBodySchema } from '@app/shared/agents';
import { accountCtx } from '../../plugins/access.ts';
import { bulkCreateAgents, createAgent, listAgents, listCheckers, listLeaders, removeAgent, updateAgent } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['agents'];
const base = '/api/v1/accounts/:accountId';

export const agentsModule: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'api:agents.manage' } as const;

  app.get(`${base}/agents`, { config: { access: 'api:agents.index' }, schema: { tags, summary: 'List the members of the account', params, response: { 200: AgentListSchema } } }, (request) =>
    listAgents(accountCtx(request)),
  );
  app.post(
    `${base}/agents`,
    { config: manage, schema: { tags, summary: 'Add a member; a new email gets an invitation to set a password', params, body: CreateAgentBodySchema, response: { 200: AgentSchema } } },
    (request) => createAgent(accountCtx(request), request.body),
  );
  app.post(
    `${base}/agents/bulk_create`,
    { config: manage, schema: { tags, summary: 'Invite several emails as agents; members already in the account are skipped', params, body: BulkCreateAgentsBodySchema, response: { 200: AgentListSchema } } },
    (request) => bulkCreateAgents(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/agents/:id`,
    { config: manage, schema: { tags, summary: 'Change a member (role, custom role, availability, name)', params: idParams, body: UpdateAgentBodySchema, response: { 200: AgentSchema } } },
    (request) => updateAgent(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/agents/:id`, { config: manage, schema: { tags, summary: 'Remove a member from the account', params: idParams } }, async (request, reply) => {
    await removeAgent(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
  app.get(`${base}/leaders`, { config: { access: 'api:leaders.index' }, schema: { tags, summary: 'Members who can lead inboxes', params, response: { 200: AgentListSchema } } }, (request) =>
    listLeaders(accountCtx(request)),
  );
  app.get(`${base}/checkers`, { config: { access: 'api:checkers.index' }, schema: { tags, summary: 'Members with the checker role', params, response: { 200: AgentListSchema } } }, (request) =>
    listCheckers(accountCtx(request)),
  );
};
