import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateCustomRoleBodySchema, CustomRoleSchema, UpdateCustomRoleBodySchema } from '@app/shared/custom-roles';
import { accountCtx } from '../../plugins/access.ts';
import { createCustomRole, deleteCustomRole, getCustomRole, listCustomRoles, updateCustomRole } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['custom roles'];
const base = '/api/v1/accounts/:accountId/custom_roles';

export const customRolesModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:custom_roles.index', feature: 'custom_roles' } as const;
  const write = { access: 'api:custom_roles.manage', feature: 'custom_roles' } as const;

  app.get(base, { config: read, schema: { tags, summary: 'List custom roles', params, response: { 200: z.array(CustomRoleSchema) } } }, (request) =>
    listCustomRoles(accountCtx(request)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, summary: 'Show a custom role', params: idParams, response: { 200: CustomRoleSchema } } }, (request) =>
    getCustomRole(accountCtx(request), request.params.id),
  );
  app.post(
    base,
    { config: write, schema: { tags, summary: 'Create a custom role', params, body: CreateCustomRoleBodySchema, response: { 200: CustomRoleSchema } } },
    (request) => createCustomRole(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    { config: write, schema: { tags, summary: 'Update a custom role', params: idParams, body: UpdateCustomRoleBodySchema, response: { 200: CustomRoleSchema } } },
    (request) => updateCustomRole(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a custom role', params: idParams } }, async (request, reply) => {
    await deleteCustomRole(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
};
