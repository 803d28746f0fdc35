// The realtime event names, without zod: the web app's workspace imports them (its production build ships no zod).

/** Realtime event names of 000 section 7; the socket delivers them, listeners subscribe to them. */
export const REALTIME_EVENTS = [
  'message.created',
  'message.updated',
  'conversation.created',
  'conversation.status_changed',
  'conversation.updated',
  'conversation.read',
  'conversation.mentioned',
  'conversation.typing_on',
  'conversation.typing_off',
  'conversation.contact_changed',
  'assignee.changed',
  'presence.update',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'notification.created',
  'notification.updated',
  'notification.deleted',
  'first.reply.created',
  'account.cache_invalidated',
  'payment_record.updated',
  'payment_import.progress',
  'contact_import.progress',
  'contact_export.ready',
  'withdraw_issue.created',
  'withdraw_issue.updated',
  'user:logout',
  'page:reload',
] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

/** Events about one conversation; `inboxId` scopes delivery to the inbox's members (and administrators). */
export const CONVERSATION_EVENTS = [
  'conversation.created',
  'conversation.updated',
  'conversation.status_changed',
  'conversation.read',
  'conversation.contact_changed',
  'assignee.changed',
  'first.reply.created',
] as const;
export const MESSAGE_EVENTS = ['message.created', 'message.updated'] as const;
export const TYPING_EVENTS = ['conversation.typing_on', 'conversation.typing_off'] as const;
export const CONTACT_EVENTS = ['contact.created', 'contact.updated', 'contact.deleted'] as const;
/** Events about one user's notifications; `userId` delivers them to that user only. */
export const NOTIFICATION_EVENTS = ['notification.created', 'notification.updated', 'notification.deleted'] as const;
/** Payment operations (docs/payments.md): a record or an issue of one inbox changed; seen by that inbox's members. */
export const PAYMENT_EVENTS = ['payment_record.updated', 'withdraw_issue.created', 'withdraw_issue.updated'] as const;
