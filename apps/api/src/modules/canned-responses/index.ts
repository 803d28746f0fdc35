import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CannedResponseSchema,
  CreateCannedResponseBodySchema,
  ListCannedResponsesQuerySchema,
  UpdateCannedResponseBodySchema,
} from '@app/shared/canned-responses';
import { accountCtx } from '../../plugins/access.ts';
import { createCannedResponse, deleteCannedResponse, getCannedResponse, listCannedResponses, updateCannedResponse } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['canned responses'];
const base = '/api/v1/accounts/:accountId/canned_responses';

export const cannedResponsesModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:canned_responses.index', feature: 'canned_responses' } as const;
  const write = { access: 'api:canned_responses.manage', feature: 'canned_responses' } as const;

  app.get(
    base,
    { config: read, schema: { tags, summary: 'List canned responses', params, querystring: ListCannedResponsesQuerySchema, response: { 200: z.array(CannedResponseSchema) } } },
    (request) => listCannedResponses(accountCtx(request), request.query),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, summary: 'Show a canned response', params: idParams, response: { 200: CannedResponseSchema } } },
    (request) => getCannedResponse(accountCtx(request), request.params.id),
  );
  app.post(
    base,
    { config: write, schema: { tags, summary: 'Create a canned response', params, body: CreateCannedResponseBodySchema, response: { 200: CannedResponseSchema } } },
    (request) => createCannedResponse(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    {
      config: write,
      schema: { tags, summary: 'Update a canned response', params: idParams, body: UpdateCannedResponseBodySchema, response: { 200: CannedResponseSchema } },
    },
    (request) => updateCannedResponse(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a canned response', params: idParams } }, async (request, reply) => {
    await deleteCannedResponse(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
};
