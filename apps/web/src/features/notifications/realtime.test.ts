import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { MARK_READ_UI_DELAY_MS, notificationKeys, scheduleReadUpdate, type NotificationPages } from './api.ts';
import { wireEvent } from '../../lib/realtime/fake-cable.ts';
import { applyNotificationEvent } from './realtime.ts';
import { ACCOUNT_ID, makeNotification, notificationPage, READ_AT } from './testing/fixtures.ts';
import { flattenNotifications } from './utils/list-cache.ts';

function setup(rows = [makeNotification(1), makeNotification(2, { read_at: READ_AT }), makeNotification(3)]) {
  const client = new QueryClient();
  client.setQueryData<NotificationPages>(notificationKeys.list(ACCOUNT_ID), { pages: [notificationPage(rows).data], pageParams: [1] });
  client.setQueryData(notificationKeys.unreadCount(ACCOUNT_ID), rows.filter((n) => !n.read_at).length);
  const list = () => client.getQueryData<NotificationPages>(notificationKeys.list(ACCOUNT_ID));
  const ids = () => flattenNotifications(list()).map((n) => n.id);
  const find = (id: number) => flattenNotifications(list()).find((n) => n.id === id);
  const unread = () => client.getQueryData<number>(notificationKeys.unreadCount(ACCOUNT_ID));
  const apply = (event: string, data: Record<string, unknown>) => applyNotificationEvent(client, ACCOUNT_ID, wireEvent(event, data));
  return { client, list, ids, find, unread, apply };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('notification.* events on the bell and the list', () => {
  it('S0-7.71 notification.created puts the notification on top of the list and sets the bell count', () => {
    const { ids, unread, list, apply } = setup();
    expect(apply('notification.created', { notification: makeNotification(9), unread_count: 3, count: 4 })).toBe(true);
    expect(ids()).toEqual([9, 1, 2, 3]);
    expect(unread()).toBe(3);
    expect(list()!.pages[0]!.meta.unread_count).toBe(3);
  });

  it('S0-7.72 S1-4.27 notification.updated replaces the row in place (read → unread and back)', () => {
    const { find, ids, unread, apply } = setup();
    apply('notification.updated', { notification: makeNotification(2), unread_count: 3, count: 3 });
    expect(find(2)!.read_at).toBeNull();
    apply('notification.updated', { notification: makeNotification(1, { read_at: READ_AT }), unread_count: 2, count: 3 });
    expect(find(1)!.read_at).toBe(READ_AT);
    expect(ids()).toEqual([1, 2, 3]);
    expect(unread()).toBe(2);
  });

  it('S1-4.28 a notification.updated that snoozes it takes the row out of the list', () => {
    const { ids, apply } = setup();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    apply('notification.updated', { notification: makeNotification(3, { snoozed_until: until }), unread_count: 1, count: 3 });
    expect(ids()).toEqual([1, 2]);
  });

  it('S0-7.73 S1-4.29 notification.deleted removes the row', () => {
    const { ids, unread, apply } = setup();
    apply('notification.deleted', { notification: { id: 1 }, unread_count: 1, count: 2 });
    expect(ids()).toEqual([2, 3]);
    expect(unread()).toBe(1);
  });

  it('an update of a notification the list has not loaded refetches the list; other events are ignored', () => {
    const { client, apply } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    apply('notification.updated', { notification: makeNotification(40), unread_count: 3, count: 4 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.list(ACCOUNT_ID) });
    expect(apply('message.created', { id: 1 })).toBe(false);
  });

  it('without a cached list only the bell count follows', () => {
    const client = new QueryClient();
    applyNotificationEvent(client, ACCOUNT_ID, { event: 'notification.created', data: { notification: makeNotification(1), unread_count: 5, count: 5 } });
    expect(client.getQueryData(notificationKeys.unreadCount(ACCOUNT_ID))).toBe(5);
    expect(client.getQueryData(notificationKeys.list(ACCOUNT_ID))).toBeUndefined();
  });
});

describe('the delayed read of an opened notification', () => {
  it('S1-9.09 the row shows read and the bell drops only 4 seconds after opening, even when the read event came first', () => {
    vi.useFakeTimers();
    const { find, unread, apply, client } = setup();
    scheduleReadUpdate(client, ACCOUNT_ID, 1, READ_AT);
    apply('notification.updated', { notification: makeNotification(1, { read_at: READ_AT }), unread_count: 1, count: 3 });
    vi.advanceTimersByTime(MARK_READ_UI_DELAY_MS - 1);
    expect(find(1)!.read_at).toBeNull();
    expect(unread()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(find(1)!.read_at).toBe(READ_AT);
    expect(unread()).toBe(1);
    expect(MARK_READ_UI_DELAY_MS).toBe(4000);
  });

  it('a cancelled delayed read changes nothing', () => {
    vi.useFakeTimers();
    const { find, client } = setup();
    const cancel = scheduleReadUpdate(client, ACCOUNT_ID, 1, READ_AT);
    cancel();
    vi.advanceTimersByTime(MARK_READ_UI_DELAY_MS * 2);
    expect(find(1)!.read_at).toBeNull();
  });
});

describe('the list after a realtime insert', () => {
  it('a notification the next page repeats (the server\'s pages shifted) is shown once', () => {
    const { client, ids, apply } = setup();
    apply('notification.created', { notification: makeNotification(9), unread_count: 3, count: 4 });
    client.setQueryData<NotificationPages>(notificationKeys.list(ACCOUNT_ID), (data) => ({
      pages: [...data!.pages, notificationPage([makeNotification(3), makeNotification(4)], 2).data],
      pageParams: [1, 2],
    }));
    expect(ids()).toEqual([9, 1, 2, 3, 4]);
  });
});
