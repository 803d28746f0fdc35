/** Chatwoot's snooze choices; `until_next_reply` snoozes without a time (the contact's next message reopens). */
export const SNOOZE_OPTIONS = ['until_next_reply', 'an_hour_from_now', 'until_tomorrow', 'until_next_week', 'until_next_month', 'until_custom_time'] as const;
export type SnoozeOption = (typeof SNOOZE_OPTIONS)[number];

/** Snoozes "until tomorrow", "next week" and "next month" end at 9 in the morning, local time. */
const MORNING_HOUR = 9;

const atMorning = (date: Date) => {
  date.setHours(MORNING_HOUR, 0, 0, 0);
  return date;
};

/** The unix time a snooze choice ends at, from `now`; null for until-next-reply (and the custom choice, picked by the agent). */
export function snoozeUntil(option: SnoozeOption, now = new Date()): number | null {
  const date = new Date(now);
  switch (option) {
    case 'an_hour_from_now':
      date.setHours(date.getHours() + 1);
      break;
    case 'until_tomorrow':
      date.setDate(date.getDate() + 1);
      atMorning(date);
      break;
    case 'until_next_week': {
      // the next Monday (weeks start on Monday, 000 section 9)
      const daysToMonday = ((8 - date.getDay()) % 7) || 7;
      date.setDate(date.getDate() + daysToMonday);
      atMorning(date);
      break;
    }
    case 'until_next_month':
      date.setMonth(date.getMonth() + 1, 1);
      atMorning(date);
      break;
    default:
      return null;
  }
  return Math.floor(date.getTime() / 1000);
}

/** `datetime-local` text for a unix time, in local time (the custom snooze field's value and minimum). */
export function toLocalInput(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
