import { describe, expect, it } from 'vitest';
import { lastNotificationPage, nextNotificationPage, NOTIFICATIONS_PER_PAGE } from './pagination.ts';

const page = (items: number, current = 1) => ({ meta: { current_page: current }, payload: Array.from({ length: items }, (_, i) => i) });

describe('notification pages', () => {
  it('S0-9.23 S1-9.08 the page size is 15', () => {
    expect(NOTIFICATIONS_PER_PAGE).toBe(15);
  });

  it('S0-9.24 the last page is ceil(unread/15) when more than 15 are unread (16 unread gives page 2)', () => {
    expect(lastNotificationPage(16)).toBe(2);
    expect(lastNotificationPage(30)).toBe(2);
    expect(lastNotificationPage(31)).toBe(3);
  });

  it('S0-9.25 the last page is 1 when 15 or fewer are unread', () => {
    expect(lastNotificationPage(15)).toBe(1);
    expect(lastNotificationPage(1)).toBe(1);
    expect(lastNotificationPage(0)).toBe(1);
  });

  it('S1-5.47 a page of fewer than 15 means the list is fully loaded', () => {
    expect(nextNotificationPage(page(14, 1))).toBeUndefined();
    expect(nextNotificationPage(page(0, 3))).toBeUndefined();
  });

  it('S1-5.48 a page of 15 means another page follows', () => {
    expect(nextNotificationPage(page(15, 1))).toBe(2);
    expect(nextNotificationPage(page(15, 4))).toBe(5);
  });
});
