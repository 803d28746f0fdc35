import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateLabelBodySchema, LabelListSchema, LabelSchema, UpdateLabelBodySchema } from '@app/shared/labels';
import { accountCtx } from '../../plugins/access.ts';
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['labels'];
const base = '/api/v1/accounts/:accountId/labels';

export const labelsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:labels.index', feature: 'labels' } as const;
  const write = { access: 'api:labels.manage', feature: 'labels' } as const;

  app.get(base, { config: read, schema: { tags, summary: 'List labels', params, response: { 200: LabelListSchema } } }, (request) =>
    listLabels(accountCtx(request)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, summary: 'Show a label', params: idParams, response: { 200: LabelSchema } } }, (request) =>
    getLabel(accountCtx(request), request.params.id),
  );
  app.post(base, { config: write, schema: { tags, summary: 'Create a label', params, body: CreateLabelBodySchema, response: { 200: LabelSchema } } }, (request) =>
    createLabel(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    { config: write, schema: { tags, summary: 'Update a label', params: idParams, body: UpdateLabelBodySchema, response: { 200: LabelSchema } } },
    (request) => updateLabel(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a label', params: idParams } }, async (request, reply) => {
    await deleteLabel(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
};
