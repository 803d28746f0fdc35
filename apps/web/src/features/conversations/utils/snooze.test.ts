import { describe, expect, it } from 'vitest';
import { snoozeUntil, toLocalInput } from './snooze.ts';

// Wednesday 15 May 2024, 14:30 local time
const now = new Date(2024, 4, 15, 14, 30);
const local = (unix: number | null) => (unix === null ? null : toLocalInput(unix));

describe('snooze choices', () => {
  it('S1-4.19 each choice gives the snoozed_until sent with toggle_status', () => {
    expect(snoozeUntil('until_next_reply', now)).toBeNull();
    expect(local(snoozeUntil('an_hour_from_now', now))).toBe('2024-05-15T15:30');
    expect(local(snoozeUntil('until_tomorrow', now))).toBe('2024-05-16T09:00');
    // weeks start on Monday
    expect(local(snoozeUntil('until_next_week', now))).toBe('2024-05-20T09:00');
    expect(local(snoozeUntil('until_next_week', new Date(2024, 4, 20, 8, 0)))).toBe('2024-05-27T09:00');
    expect(local(snoozeUntil('until_next_month', now))).toBe('2024-06-01T09:00');
    expect(snoozeUntil('until_custom_time', now)).toBeNull();
  });
});
