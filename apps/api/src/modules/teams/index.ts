import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentListSchema } from '@app/shared/agents';
import { CreateTeamBodySchema, TeamMembersBodySchema, TeamSchema, UpdateTeamBodySchema } from '@app/shared/teams';
import { accountCtx } from '../../plugins/access.ts';
import { changeTeamMembers, createTeam, deleteTeam, getTeam, listTeamMembers, listTeams, updateTeam } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['teams'];
const base = '/api/v1/accounts/:accountId/teams';

export const teamsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:teams.index', feature: 'team_management' } as const;
  const write = { access: 'api:teams.manage', feature: 'team_management' } as const;

  app.get(base, { config: read, schema: { tags, summary: 'List teams (is_member tells whether the caller belongs)', params, response: { 200: z.array(TeamSchema) } } }, (request) =>
    listTeams(accountCtx(request)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, summary: 'Show a team', params: idParams, response: { 200: TeamSchema } } }, (request) =>
    getTeam(accountCtx(request), request.params.id),
  );
  app.post(base, { config: write, schema: { tags, summary: 'Create a team', params, body: CreateTeamBodySchema, response: { 200: TeamSchema } } }, (request) =>
    createTeam(accountCtx(request), request.body),
  );
  app.patch(`${base}/:id`, { config: write, schema: { tags, summary: 'Update a team', params: idParams, body: UpdateTeamBodySchema, response: { 200: TeamSchema } } }, (request) =>
    updateTeam(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a team', params: idParams } }, async (request, reply) => {
    await deleteTeam(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });

  const members = `${base}/:id/team_members`;
  app.get(members, { config: read, schema: { tags, summary: 'Members of a team', params: idParams, response: { 200: AgentListSchema } } }, (request) =>
    listTeamMembers(accountCtx(request), request.params.id),
  );
  app.post(members, { config: write, schema: { tags, summary: 'Add members; answers the agents added', params: idParams, body: TeamMembersBodySchema, response: { 200: AgentListSchema } } }, (request) =>
    changeTeamMembers(accountCtx(request), request.params.id, 'add', request.body),
  );
  app.patch(members, { config: write, schema: { tags, summary: 'Replace the members; answers the resulting members', params: idParams, body: TeamMembersBodySchema, response: { 200: AgentListSchema } } }, (request) =>
    changeTeamMembers(accountCtx(request), request.params.id, 'replace', request.body),
  );
  app.delete(members, { config: write, schema: { tags, summary: 'Remove members', params: idParams, body: TeamMembersBodySchema } }, async (request, reply) => {
    await changeTeamMembers(accountCtx(request), request.params.id, 'remove', request.body);
    return reply.status(200).send();
  });
};
