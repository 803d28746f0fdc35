/** The row menu's snooze choices (Chatwoot's: an hour from now, tomorrow at 9 in the morning). */
export type SnoozeChoice = 'hour' | 'tomorrow';

export function snoozeUntil(choice: SnoozeChoice, now = new Date()): Date {
  if (choice === 'hour') return new Date(now.getTime() + 3_600_000);
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  return tomorrow;
}
