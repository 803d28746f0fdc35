import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateCustomFilterBodySchema, CustomFilterSchema, ListCustomFiltersQuerySchema, UpdateCustomFilterBodySchema } from '@app/shared/custom-filters';
import { accountCtx } from '../../plugins/access.ts';
import { createCustomFilter, deleteCustomFilter, listCustomFilters, updateCustomFilter } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['custom filters'];
const base = '/api/v1/accounts/:accountId/custom_filters';
const config = { access: 'api:custom_filters.manage' } as const;

export const customFiltersModule: FastifyPluginAsyncZod = async (app) => {
  app.get(base, { config, schema: { tags, summary: "The caller's saved folders or segments of one filter_type", params, querystring: ListCustomFiltersQuerySchema, response: { 200: z.array(CustomFilterSchema) } } }, (request) =>
    listCustomFilters(accountCtx(request), request.query.filter_type),
  );
  app.post(base, { config, schema: { tags, summary: 'Save a folder or segment', params, body: CreateCustomFilterBodySchema, response: { 200: CustomFilterSchema } } }, (request) =>
    createCustomFilter(accountCtx(request), request.body),
  );
  app.patch(`${base}/:id`, { config, schema: { tags, summary: 'Rename or change a saved filter', params: idParams, body: UpdateCustomFilterBodySchema, response: { 200: CustomFilterSchema } } }, (request) =>
    updateCustomFilter(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config, schema: { tags, summary: 'Delete a saved filter', params: idParams } }, async (request, reply) => {
    await deleteCustomFilter(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
};
