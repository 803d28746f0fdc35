import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConversationSummaryListSchema, ConversationSummaryQuerySchema } from '@app/shared/payments';
import { accountCtx } from '../../plugins/access.ts';
import { listConversationSummaries } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });

/** GET conversation_summaries (001 section 2: conversation-summaries/{inboxId?}). */
export const conversationSummariesModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/accounts/:accountId/conversation_summaries',
    {
      config: { access: 'api:conversation_summaries.index' },
      schema: {
        tags: ['conversation summaries'],
        summary: 'Conversation counts per inbox, by status and by agent',
        description:
          'Conversations created in [since, until) (default: the last 7 days; a date means that whole day, UTC), for every inbox the caller sees (administrators: all; checkers and others: their member inboxes) or the one `inbox_id` (404 when not visible). `agents` counts by assignee; `agent_id` null is the unassigned.',
        params,
        querystring: ConversationSummaryQuerySchema,
        response: { 200: ConversationSummaryListSchema },
      },
    },
    (request) => listConversationSummaries(accountCtx(request), request.query),
  );
};
