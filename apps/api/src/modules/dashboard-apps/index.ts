import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateDashboardAppBodySchema, DashboardAppListSchema, DashboardAppSchema, UpdateDashboardAppBodySchema } from '@app/shared/dashboard-apps';
import { accountCtx } from '../../plugins/access.ts';
import { createDashboardApp, deleteDashboardApp, getDashboardApp, listDashboardApps, updateDashboardApp } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['dashboard apps'];
const base = '/api/v1/accounts/:accountId/dashboard_apps';

export const dashboardAppsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:dashboard_apps.index' } as const;
  const write = { access: 'api:dashboard_apps.manage' } as const;

  app.get(base, { config: read, schema: { tags, summary: 'List the dashboard apps (a bare array)', params, response: { 200: DashboardAppListSchema } } }, (request) =>
    listDashboardApps(accountCtx(request)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, summary: 'Show a dashboard app', params: idParams, response: { 200: DashboardAppSchema } } }, (request) =>
    getDashboardApp(accountCtx(request), request.params.id),
  );
  app.post(base, { config: write, schema: { tags, summary: 'Create a dashboard app', params, body: CreateDashboardAppBodySchema, response: { 200: DashboardAppSchema } } }, (request) =>
    createDashboardApp(accountCtx(request), request.body),
  );
  app.patch(`${base}/:id`, { config: write, schema: { tags, summary: 'Update a dashboard app', params: idParams, body: UpdateDashboardAppBodySchema, response: { 200: DashboardAppSchema } } }, (request) =>
    updateDashboardApp(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a dashboard app', params: idParams } }, async (request, reply) => {
    await deleteDashboardApp(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
};
