import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DestroyAllBodySchema,
  ListNotificationsQuerySchema,
  NotificationListSchema,
  NotificationSchema,
  NotificationSettingsSchema,
  ReadAllBodySchema,
  SnoozeBodySchema,
  UnreadCountSchema,
  UpdateNotificationSettingsBodySchema,
} from '@app/shared/notifications';
import { accountCtx } from '../../plugins/access.ts';
import {
  deleteNotification,
  destroyAll,
  getSettings,
  listNotifications,
  markRead,
  markUnread,
  readAll,
  snooze,
  unreadCount,
  updateSettings,
} from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['notifications'];
const base = '/api/v1/accounts/:accountId/notifications';

export const notificationsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:notifications.index' } as const;
  const write = { access: 'api:notifications.manage' } as const;
  const settings = { access: 'api:notifications.settings' } as const;

  // Creation runs in the outbox relay's transaction (jobs/processors.ts): a crash loses none, none is made twice.

  app.get(base, { config: read, schema: { tags, summary: "List the caller's notifications (15 a page)", params, querystring: ListNotificationsQuerySchema, response: { 200: NotificationListSchema } } }, (request) =>
    listNotifications(accountCtx(request), request.query),
  );
  app.get(`${base}/unread_count`, { config: read, schema: { tags, summary: 'Unread notifications (not snoozed), as a bare integer', params, response: { 200: UnreadCountSchema } } }, (request) =>
    unreadCount(accountCtx(request)),
  );
  app.post(`${base}/read_all`, { config: write, schema: { tags, summary: 'Mark all notifications read, or those of one conversation', params, body: ReadAllBodySchema } }, async (request, reply) => {
    await readAll(accountCtx(request), request.body);
    return reply.status(200).send();
  });
  app.post(`${base}/destroy_all`, { config: write, schema: { tags, summary: 'Delete the read notifications, or all', params, body: DestroyAllBodySchema } }, async (request, reply) => {
    await destroyAll(accountCtx(request), request.body);
    return reply.status(200).send();
  });
  app.patch(`${base}/:id`, { config: write, schema: { tags, summary: 'Mark a notification read', params: idParams, response: { 200: NotificationSchema } } }, (request) =>
    markRead(accountCtx(request), request.params.id),
  );
  app.post(`${base}/:id/unread`, { config: write, schema: { tags, summary: 'Mark a notification unread', params: idParams, response: { 200: NotificationSchema } } }, (request) =>
    markUnread(accountCtx(request), request.params.id),
  );
  app.post(`${base}/:id/snooze`, { config: write, schema: { tags, summary: 'Snooze a notification until a time', params: idParams, body: SnoozeBodySchema, response: { 200: NotificationSchema } } }, (request) =>
    snooze(accountCtx(request), request.params.id, request.body.snoozed_until),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a notification', params: idParams } }, async (request, reply) => {
    await deleteNotification(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });

  const settingsPath = '/api/v1/accounts/:accountId/notification_settings';
  app.get(settingsPath, { config: settings, schema: { tags, summary: "The caller's notification settings", params, response: { 200: NotificationSettingsSchema } } }, (request) =>
    getSettings(accountCtx(request)),
  );
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: settingsPath,
      config: settings,
      schema: { tags, summary: 'Change the notification settings', params, body: UpdateNotificationSettingsBodySchema, response: { 200: NotificationSettingsSchema } },
      handler: (request) => updateSettings(accountCtx(request), request.body),
    });
  }
};
