import type { NotificationType } from '@app/shared/notifications';

/**
 * The events a user can ask to hear of, in the order the page lists them. The SLA events exist in the
 * settings too, but nothing raises them in this product, so they are not offered.
 */
export const PREFERENCE_EVENTS = [
  'conversation_creation',
  'conversation_assignment',
  'conversation_mention',
  'assigned_conversation_new_message',
  'participating_conversation_new_message',
] as const satisfies readonly NotificationType[];
export type PreferenceEvent = (typeof PREFERENCE_EVENTS)[number];

export type Channel = 'email' | 'push';

export const flagOf = (channel: Channel, event: PreferenceEvent) => `${channel}_${event}`;

/**
 * The list to PATCH after one checkbox changed: the selected flags with this one added or removed. Flags
 * the page does not show (SLA ones) are kept as they are.
 */
export function toggledFlags(selected: readonly string[], channel: Channel, event: PreferenceEvent, on: boolean): string[] {
  const flag = flagOf(channel, event);
  const rest = selected.filter((f) => f !== flag);
  return on ? [...rest, flag] : rest;
}
