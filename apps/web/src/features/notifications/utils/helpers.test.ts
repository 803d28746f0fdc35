import { describe, expect, it } from 'vitest';
import { NotificationSchema } from '@app/shared/notifications';
import { makeNotification, NOW } from '../testing/fixtures.ts';
import { actorOf } from './actor.ts';
import { snoozeUntil } from './snooze.ts';
import { timeAgo } from './time-ago.ts';

describe('notification helpers', () => {
  it('S0-3.29 S0-3.30 S1-3.27 the fixtures are valid notifications, primary_actor carrying meta.assignee name and thumbnail', () => {
    const notification = makeNotification(1);
    expect(NotificationSchema.safeParse(notification).success).toBe(true);
    expect(notification.primary_actor.meta.assignee).toMatchObject({ name: 'Sam Lee', thumbnail: '' });
  });

  it('the actor is the user who acted, else the message sender, else the assignee, else the contact', () => {
    expect(actorOf(makeNotification(1)).name).toBe('Ada Admin');
    expect(actorOf(makeNotification(1, { secondary_actor: null })).name).toBe('Sam Lee');
    const unassigned = makeNotification(1, { secondary_actor: null });
    unassigned.primary_actor.meta.assignee = null;
    expect(actorOf(unassigned).name).toBe('Customer 101');
  });

  it('time ago: just now under a minute, then minutes, hours, days', () => {
    const now = NOW * 1000;
    expect(timeAgo(NOW - 30, now, 'en')).toBe('just now');
    expect(timeAgo(NOW - 300, now, 'en')).toBe('5 minutes ago');
    expect(timeAgo(NOW - 7200, now, 'en')).toBe('2 hours ago');
    expect(timeAgo(NOW - 86_400, now, 'en')).toBe('yesterday');
  });

  it('snooze: an hour from now, or tomorrow at 9:00', () => {
    const now = new Date(2024, 4, 14, 22, 30);
    expect(snoozeUntil('hour', now)).toEqual(new Date(2024, 4, 14, 23, 30));
    expect(snoozeUntil('tomorrow', now)).toEqual(new Date(2024, 4, 15, 9, 0));
  });
});
