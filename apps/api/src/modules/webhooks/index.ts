import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@app/shared/common';
import { CreateWebhookBodySchema, UpdateWebhookBodySchema, WebhookDeliveryListSchema, WebhookDeliverySchema, WebhookListSchema, WebhookPayloadSchema } from '@app/shared/webhooks';
import { accountCtx } from '../../plugins/access.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, updateWebhook } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const deliveryParams = idParams.extend({ deliveryId: z.coerce.number().int().catch(0) });
const tags = ['webhooks'];
const base = '/api/v1/accounts/:accountId/webhooks';

export const webhooksModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:webhooks.index' } as const;
  const write = { access: 'api:webhooks.manage' } as const;

  // Deliveries are written by the outbox relay and sent by the `webhooks` job (plugins/jobs.ts).
  app.get(base, { config: read, schema: { tags, summary: 'List the account webhooks', params, response: { 200: WebhookListSchema } } }, (request) =>
    listWebhooks(accountCtx(request)),
  );
  app.post(base, { config: write, schema: { tags, summary: 'Create a webhook (answers its signing secret)', params, body: CreateWebhookBodySchema, response: { 200: WebhookPayloadSchema } } }, (request) =>
    createWebhook(accountCtx(request), request.body),
  );
  app.patch(`${base}/:id`, { config: write, schema: { tags, summary: 'Update a webhook', params: idParams, body: UpdateWebhookBodySchema, response: { 200: WebhookPayloadSchema } } }, (request) =>
    updateWebhook(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a webhook', params: idParams } }, async (request, reply) => {
    await deleteWebhook(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });

  app.get(`${base}/:id/deliveries`, { config: read, schema: { tags, summary: 'Delivery log of a webhook, newest first', params: idParams, querystring: PageQuerySchema, response: { 200: WebhookDeliveryListSchema } } }, (request) =>
    listDeliveries(accountCtx(request), request.params.id, request.query.page),
  );
  app.post(`${base}/:id/deliveries/:deliveryId/redeliver`, { config: write, schema: { tags, summary: 'Queue a delivery again', params: deliveryParams, response: { 200: WebhookDeliverySchema } } }, async (request) => {
    const delivery = await redeliver(accountCtx(request), request.params.id, request.params.deliveryId);
    app.jobs.enqueue('webhooks', 'send');
    return delivery;
  });
};
