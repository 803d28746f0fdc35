import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BulkActionBodySchema, BulkActionResponseSchema } from '@app/shared/bulk-actions';
import { accountCtx } from '../../plugins/access.ts';
import { bulkAction } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });

/** POST bulk_actions (Chatwoot's path): one set-based change to many conversations. */
export const bulkActionsModule: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/accounts/:accountId/bulk_actions',
    {
      config: { access: 'api:bulk_actions.create' },
      schema: {
        tags: ['conversations'],
        summary: 'Change the status, assignee, team or labels of many conversations at once',
        description:
          'By display id, in one transaction. An id the caller may not see answers 404 and nothing is written; an assignee outside a conversation’s inbox, an unknown team or label answers 422. updated_ids leaves out conversations already in the asked state.',
        params,
        body: BulkActionBodySchema,
        response: { 200: BulkActionResponseSchema },
      },
    },
    (request) => bulkAction(accountCtx(request), request.body),
  );
};
