import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateNotificationSubscriptionBodySchema,
  DeleteNotificationSubscriptionBodySchema,
  NotificationSubscriptionSchema,
} from '@app/shared/notification-subscriptions';
import { userCtx } from '../../plugins/access.ts';
import { createSubscription, deleteSubscription } from './service.ts';

const base = '/api/v1/notification_subscriptions';
const tags = ['notifications'];

/** The signed-in user's browser push registrations (000 section 7; Chatwoot's notification_subscriptions_controller); no account in the path. */
export const notificationSubscriptionsModule: FastifyPluginAsyncZod = async (app) => {
  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Register this browser for push (subscription_type browser_push; endpoint, p256dh and auth)',
        body: CreateNotificationSubscriptionBodySchema,
        response: { 200: NotificationSubscriptionSchema },
      },
    },
    (request) => createSubscription(userCtx(request), request.body),
  );

  app.delete(
    base,
    { schema: { tags, summary: 'Stop pushing to a browser (by its endpoint)', body: DeleteNotificationSubscriptionBodySchema } },
    async (request, reply) => {
      await deleteSubscription(userCtx(request), request.body);
      return reply.status(200).send();
    },
  );
};
