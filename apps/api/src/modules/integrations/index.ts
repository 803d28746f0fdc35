import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateHookBodySchema,
  IntegrationAppListSchema,
  IntegrationAppSchema,
  IntegrationHookSchema,
  SlackChannelListSchema,
  SlackConnectBodySchema,
  SlackUpdateBodySchema,
  UpdateHookBodySchema,
} from '@app/shared/integrations';
import { accountCtx } from '../../plugins/access.ts';
import { createHook, deleteHook, deleteIntegration, getApp, getHook, listApps, updateHook } from './service.ts';
import { connectSlack, listSlackChannels, updateSlack } from './slack.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const appParams = params.extend({ appId: z.string().max(64) });
const tags = ['integrations'];
const base = '/api/v1/accounts/:accountId/integrations';

export const integrationsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:integrations.index' } as const;
  const write = { access: 'api:integrations.manage' } as const;

  app.get(`${base}/apps`, { config: read, schema: { tags, summary: 'The integrations catalogue, with hooks for administrators', params, response: { 200: IntegrationAppListSchema } } }, (request) =>
    listApps(accountCtx(request)),
  );
  app.get(`${base}/apps/:appId`, { config: read, schema: { tags, summary: 'One integration', params: appParams, response: { 200: IntegrationAppSchema } } }, (request) =>
    getApp(accountCtx(request), request.params.appId),
  );

  app.post(`${base}/hooks`, { config: write, schema: { tags, summary: 'Connect an integration with its settings', params, body: CreateHookBodySchema, response: { 200: IntegrationHookSchema } } }, (request) =>
    createHook(accountCtx(request), request.body),
  );
  app.get(`${base}/hooks/:id`, { config: write, schema: { tags, summary: 'Show a hook', params: idParams, response: { 200: IntegrationHookSchema } } }, (request) =>
    getHook(accountCtx(request), request.params.id),
  );
  app.patch(`${base}/hooks/:id`, { config: write, schema: { tags, summary: 'Update a hook’s status or settings', params: idParams, body: UpdateHookBodySchema, response: { 200: IntegrationHookSchema } } }, (request) =>
    updateHook(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/hooks/:id`, { config: write, schema: { tags, summary: 'Delete a hook', params: idParams } }, async (request, reply) => {
    await deleteHook(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });

  app.post(`${base}/slack`, { config: write, schema: { tags, summary: 'Connect Slack with an OAuth code', params, body: SlackConnectBodySchema, response: { 200: IntegrationHookSchema } } }, (request) =>
    connectSlack(accountCtx(request), request.body.code),
  );
  app.patch(`${base}/slack`, { config: write, schema: { tags, summary: 'Choose the Slack channel', params, body: SlackUpdateBodySchema, response: { 200: IntegrationHookSchema } } }, (request) =>
    updateSlack(accountCtx(request), request.body.reference_id),
  );
  app.get(`${base}/slack/list_all_channels`, { config: write, schema: { tags, summary: 'The Slack channels the app can post to', params, response: { 200: SlackChannelListSchema } } }, (request) =>
    listSlackChannels(accountCtx(request)),
  );
  app.delete(`${base}/:appId`, { config: write, schema: { tags, summary: 'Disconnect an integration (every hook of it)', params: appParams } }, async (request, reply) => {
    await deleteIntegration(accountCtx(request), request.params.appId);
    return reply.status(200).send();
  });
};
