import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignableAgentListSchema,
  AssignableAgentsQuerySchema,
  InboxMemberListSchema,
  InboxMembersBodySchema,
  RemoveInboxMembersBodySchema,
} from '@app/shared/inbox-members';
import { accountCtx } from '../../plugins/access.ts';
import { addInboxMembers, listAssignableAgents, listInboxMembers, removeInboxMembers, replaceInboxMembers } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const inboxParams = params.extend({ inbox_id: z.coerce.number().int().catch(0) });
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['inbox members'];
const base = '/api/v1/accounts/:accountId';

export const inboxMembersModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:inbox_members.index' } as const;
  const manage = { access: 'api:inbox_members.manage' } as const;
  const members = `${base}/inbox_members`;

  app.get(
    `${members}/:inbox_id`,
    { config: read, schema: { tags, summary: "An inbox's agents with their team_leader and view_data flags", params: inboxParams, response: { 200: InboxMemberListSchema } } },
    (request) => listInboxMembers(accountCtx(request), request.params.inbox_id),
  );
  app.post(
    members,
    { config: manage, schema: { tags, summary: 'Add members (leaders and view-data ids are members too); answers the members', params, body: InboxMembersBodySchema, response: { 200: InboxMemberListSchema } } },
    (request) => addInboxMembers(accountCtx(request), request.body),
  );
  app.patch(
    members,
    { config: manage, schema: { tags, summary: 'Replace the members and their flags; answers the members', params, body: InboxMembersBodySchema, response: { 200: InboxMemberListSchema } } },
    (request) => replaceInboxMembers(accountCtx(request), request.body),
  );
  app.delete(members, { config: manage, schema: { tags, summary: 'Remove members', params, body: RemoveInboxMembersBodySchema } }, async (request, reply) => {
    await removeInboxMembers(accountCtx(request), request.body);
    return reply.status(200).send();
  });

  const assignable = { access: 'api:assignable_agents.index' } as const;
  app.get(
    `${base}/assignable_agents`,
    { config: assignable, schema: { tags, summary: 'Confirmed agents who are members of every given inbox', params, querystring: AssignableAgentsQuerySchema, response: { 200: AssignableAgentListSchema } } },
    (request) => listAssignableAgents(accountCtx(request), request.query.inbox_ids),
  );
  app.get(
    `${base}/inboxes/:id/assignable_agents`,
    { config: assignable, schema: { tags, summary: 'Confirmed agents who are members of the inbox', params: idParams, response: { 200: AssignableAgentListSchema } } },
    (request) => listAssignableAgents(accountCtx(request), [request.params.id]),
  );
};
