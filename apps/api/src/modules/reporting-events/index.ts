import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wrapped } from '@app/shared/common';
import { ReportingEventBodySchema, ReportingEventPayloadSchema } from '@app/shared/payments';
import { userCtx } from '../../plugins/access.ts';
import { createReportingEvent } from './service.ts';

/** POST /api/v1/reporting_events (001 section 7): not account-scoped; the inbox says which account. */
export const reportingEventsModule: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/reporting_events',
    {
      schema: {
        tags: ['reporting events'],
        summary: 'Report an event of a conversation',
        description:
          "Stores `type` as the event name and `actions` and `agent_name` as its data, in the inbox's account. The caller must be a member of that account who sees the inbox, and `conversation_id` (a display id) a conversation of that inbox; otherwise 404. Body flat or under `reporting_event`.",
        body: wrapped('reporting_event', ReportingEventBodySchema),
        response: { 200: ReportingEventPayloadSchema },
      },
    },
    (request) => createReportingEvent(userCtx(request), request.body),
  );
};
