import {
  DEFAULT_EMAIL_FLAGS,
  DEFAULT_PUSH_FLAGS,
  NOTIFICATIONS_PER_PAGE,
  type DestroyAllBody,
  type ListNotificationsQuery,
  type Notification,
  type NotificationList,
  type ReadAllBody,
  type UpdateNotificationSettingsBody,
} from '@app/shared/notifications';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { presentNotifications } from './present.ts';
import {
  countNotifications,
  countsByUser,
  countUnread,
  deleteAllNotifications,
  deleteNotificationRow,
  findSettingsRow,
  listNotificationRows,
  markAllRead,
  updateNotificationRow,
  upsertSettingsRow,
  type NotificationRow,
} from './queries.ts';
import { serializeSettings } from './serializers.ts';

/** GET notifications: a page of the caller's own, with the counts of the same filter. */
export async function listNotifications(ctx: AccountCtx, query: ListNotificationsQuery): Promise<NotificationList> {
  const includes = new Set([...(query.includes ?? []), ...(query['includes[]'] ?? [])]);
  const filter = { includeRead: includes.has('read'), includeSnoozed: includes.has('snoozed') };
  const { limit, offset } = pageWindow(query.page, NOTIFICATIONS_PER_PAGE);
  const [rows, counts] = await Promise.all([
    listNotificationRows(ctx.db, ctx.accountId, ctx.actor.id, filter, query.sort_order, limit, offset),
    countNotifications(ctx.db, ctx.accountId, ctx.actor.id, filter),
  ]);
  return {
    data: {
      meta: { unread_count: counts.unread, count: counts.count, current_page: query.page },
      payload: await presentNotifications(ctx, rows),
    },
  };
}

/** GET notifications/unread_count: the bell's number (unread, not snoozed). */
export function unreadCount(ctx: AccountCtx): Promise<number> {
  return countUnread(ctx.db, ctx.accountId, ctx.actor.id);
}

/** Presents a changed notification and tells the user's other screens (notification.updated). */
async function announceUpdated(ctx: AccountCtx, row: NotificationRow): Promise<Notification> {
  const [[notification], counts] = await Promise.all([presentNotifications(ctx, [row]), countsByUser(ctx.db, ctx.accountId, [row.userId])]);
  if (!notification) throw notFound();
  const { unread = 0, count = 0 } = counts.get(row.userId) ?? {};
  ctx.bus.publish({ name: 'notification.updated', accountId: ctx.accountId, userId: row.userId, data: { notification, unread_count: unread, count } });
  return notification;
}

async function change(ctx: AccountCtx, id: number, values: Parameters<typeof updateNotificationRow>[4]) {
  const row = await updateNotificationRow(ctx.db, ctx.accountId, ctx.actor.id, id, values);
  if (!row) throw notFound();
  return announceUpdated(ctx, row);
}

/** PATCH notifications/:id: read (keeps the first read time when already read). */
export function markRead(ctx: AccountCtx, id: number) {
  return change(ctx, id, 'read');
}

/** POST notifications/:id/unread. */
export function markUnread(ctx: AccountCtx, id: number) {
  return change(ctx, id, { readAt: null });
}

/** POST notifications/:id/snooze: hidden from the default list and the unread count until then. */
export function snooze(ctx: AccountCtx, id: number, until: Date) {
  return change(ctx, id, { snoozedUntil: until });
}

/** DELETE notifications/:id, then notification.deleted with the counts left. */
export async function deleteNotification(ctx: AccountCtx, id: number): Promise<void> {
  if (!(await deleteNotificationRow(ctx.db, ctx.accountId, ctx.actor.id, id))) throw notFound();
  const { unread = 0, count = 0 } = (await countsByUser(ctx.db, ctx.accountId, [ctx.actor.id])).get(ctx.actor.id) ?? {};
  ctx.bus.publish({ name: 'notification.deleted', accountId: ctx.accountId, userId: ctx.actor.id, data: { notification: { id }, unread_count: unread, count } });
}

/**
 * POST read_all: all the caller's unread notifications, or those of one conversation (by its database
 * id, the notification's primary_actor_id). Like Chatwoot, a bulk change sends no event per notification.
 */
export async function readAll(ctx: AccountCtx, input: ReadAllBody): Promise<void> {
  await markAllRead(ctx.db, ctx.accountId, ctx.actor.id, input.primary_actor_id ?? null);
}

/** POST destroy_all: the caller's read notifications (`read`) or all of them (`all`). */
export async function destroyAll(ctx: AccountCtx, input: DestroyAllBody): Promise<void> {
  await deleteAllNotifications(ctx.db, ctx.accountId, ctx.actor.id, input.type === 'read');
}

// --- settings

const defaults = (ctx: AccountCtx) => ({
  accountId: ctx.accountId,
  userId: ctx.actor.id,
  selectedEmailFlags: [...DEFAULT_EMAIL_FLAGS],
  selectedPushFlags: [...DEFAULT_PUSH_FLAGS],
});

/** GET notification_settings: the caller's flags in this account (the defaults until they change them). */
export async function getSettings(ctx: AccountCtx) {
  const row = (await findSettingsRow(ctx.db, ctx.accountId, ctx.actor.id)) ?? (await upsertSettingsRow(ctx.db, defaults(ctx), {}));
  return serializeSettings(row);
}

/** PATCH notification_settings: replaces the lists given; a list left out stays as it is. */
export async function updateSettings(ctx: AccountCtx, input: UpdateNotificationSettingsBody) {
  const changes = {
    ...(input.selected_email_flags ? { selectedEmailFlags: input.selected_email_flags } : {}),
    ...(input.selected_push_flags ? { selectedPushFlags: input.selected_push_flags } : {}),
  };
  return serializeSettings(await upsertSettingsRow(ctx.db, { ...defaults(ctx), ...changes }, changes));
}
