import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditLogListSchema } from '@app/shared/audit-logs';
import { PageQuerySchema } from '@app/shared/common';
import { accountCtx } from '../../plugins/access.ts';
import { listAuditLogs } from './service.ts';

export const auditLogsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/accounts/:accountId/audit_logs',
    {
      config: { access: 'api:audit_logs.index', feature: 'audit_logs' },
      schema: {
        tags: ['audit logs'],
        summary: 'List the account audit log, newest first, 15 a page',
        params: z.object({ accountId: z.coerce.number().int() }),
        querystring: PageQuerySchema,
        response: { 200: AuditLogListSchema },
      },
    },
    (request) => listAuditLogs(accountCtx(request), request.query),
  );
};
