import type { AccountRole } from '@app/shared/constants';
import type { RealtimeEvent } from './types.ts';

/** Who holds a subscription: one user in one account, with the inboxes they work in. */
export type Subscriber = { userId: number; accountId: number; role: AccountRole; inboxIds: Set<number> };

/**
 * Whether the subscriber may receive the event: never another account's; administrators everything of
 * theirs; agents and checkers their inboxes' events; contact events administrators and agents;
 * mentions only the mentioned user, notifications only their user; typing never back to the typist.
 */
export function canSee(subscriber: Subscriber, event: RealtimeEvent): boolean {
  if (event.accountId !== subscriber.accountId) return false;
  switch (event.name) {
    case 'account.cache_invalidated':
    case 'presence.update':
    case 'resync.required':
      return true;
    case 'conversation.mentioned':
    case 'notification.created':
    case 'notification.updated':
    case 'notification.deleted':
    case 'payment_import.progress':
    case 'contact_import.progress':
    case 'contact_export.ready':
    case 'user:logout':
      return event.userId === subscriber.userId;
    case 'contact.created':
    case 'contact.updated':
    case 'contact.deleted':
      return subscriber.role === 'administrator' || subscriber.role === 'agent';
    case 'conversation.typing_on':
    case 'conversation.typing_off':
      if (typistId(event.data) === subscriber.userId) return false;
      return subscriber.role === 'administrator' || subscriber.inboxIds.has(event.inboxId);
    default:
      return subscriber.role === 'administrator' || subscriber.inboxIds.has(event.inboxId);
  }
}

/** The agent who is typing, from Chatwoot's `{conversation, user: {id, type}}` typing payload. */
export function typistId(data: Record<string, unknown>): number | undefined {
  const user = data['user'] as { id?: unknown; type?: unknown } | undefined;
  return user && user.type === 'user' && typeof user.id === 'number' ? user.id : undefined;
}

/** The conversation id of a typing payload. */
export function typingConversationId(data: Record<string, unknown>): number | undefined {
  const conversation = data['conversation'] as { id?: unknown } | undefined;
  return typeof conversation?.id === 'number' ? conversation.id : undefined;
}
