import type { Conversation } from '@app/shared/conversations';
import type { Notification, NotificationList } from '@app/shared/notifications';
import { makeAgent, makeConversation as makeWorkspaceConversation } from '../../conversations/testing/fixtures.ts';

/** A fixed "now" for fixtures: 2024-05-14 10:00 UTC (unix seconds). */
export const NOW = 1_715_680_800;
export const ACCOUNT_ID = 7;

/**
 * The conversation a notification points at, valid against ConversationSchema; `id` is its display id. The
 * workspace's conversation fixture, assigned to Sam Lee, with its last activity a minute ago and no messages.
 */
export function makeConversation(id: number, extra: Partial<Conversation> = {}): Conversation {
  const base = makeWorkspaceConversation(id);
  return {
    ...base,
    last_activity_at: NOW - 60,
    timestamp: NOW - 60,
    created_at: NOW - 86_400,
    updated_at: NOW - 60,
    meta: { ...base.meta, assignee: makeAgent(2, 'Sam Lee') },
    messages: [],
    last_non_activity_message: null,
    ...extra,
  };
}

/**
 * A notification valid against NotificationSchema: `id`, about conversation display id `100 + id` (database id
 * `1000 + id`), unread, newest first by id (last activity NOW - id minutes).
 */
export function makeNotification(id: number, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    account_id: ACCOUNT_ID,
    notification_type: 'conversation_mention',
    push_message_title: `Notification ${id}`,
    primary_actor_type: 'Conversation',
    primary_actor_id: 1000 + id,
    primary_actor: makeConversation(100 + id),
    read_at: null,
    secondary_actor: { id: 3, name: 'Ada Admin', available_name: 'Ada Admin', type: 'user', thumbnail: '' },
    user: { id: 1, name: 'Jane Doe', available_name: 'Jane Doe', type: 'user', thumbnail: '' },
    created_at: NOW - id * 60,
    last_activity_at: NOW - id * 60,
    snoozed_until: null,
    meta: {},
    ...extra,
  };
}

/** GET notifications' answer for one page. */
export function notificationPage(payload: Notification[], page = 1, meta: Partial<NotificationList['data']['meta']> = {}): NotificationList {
  return {
    data: {
      meta: { unread_count: payload.filter((n) => !n.read_at).length, count: payload.length, current_page: page, ...meta },
      payload,
    },
  };
}

export const READ_AT = '2024-05-14T09:00:00.000Z';
