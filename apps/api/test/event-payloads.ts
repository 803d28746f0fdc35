import type { Agent } from '@app/shared/agents';
import type { ContactPush } from '@app/shared/contacts';
import type { Conversation } from '@app/shared/conversations';
import type { MentionEventData, TypingEventData } from '@app/shared/events';
import type { Message } from '@app/shared/messages';

/**
 * Complete realtime payloads for tests that publish events straight on the bus (the typed DomainEvent
 * wants the whole push shape): every field has a plain value, the test sets the ones it is about.
 */

export function contactPushPayload(extra: Partial<ContactPush> = {}): ContactPush {
  return {
    id: 1,
    name: 'Customer',
    email: null,
    phone_number: null,
    identifier: null,
    thumbnail: '',
    blocked: false,
    additional_attributes: {},
    custom_attributes: {},
    type: 'contact',
    ...extra,
  };
}

/** An agent as conversations carry their assignee. */
export function agentPayload(id: number, accountId = 1): Agent {
  return {
    id,
    account_id: accountId,
    availability_status: 'online',
    auto_offline: true,
    confirmed: true,
    email: `agent${id}@example.com`,
    available_name: 'Agent',
    name: 'Agent',
    role: 'agent',
    thumbnail: '',
    custom_role_id: null,
    provider: 'email',
  };
}

export function messagePayload(extra: Partial<Message> = {}): Message {
  return {
    id: 1,
    content: 'Hello',
    account_id: 1,
    inbox_id: 1,
    conversation_id: 1,
    message_type: 0,
    content_type: 'text',
    content_attributes: {},
    status: 'sent',
    private: false,
    source_id: null,
    sender_type: null,
    sender_id: null,
    external_source_ids: {},
    additional_attributes: {},
    created_at: 0,
    updated_at: 0,
    ...extra,
  };
}

/** A conversation push payload; `meta` is merged, so `{ meta: { assignee } }` keeps the sender. */
export function conversationPayload(extra: Partial<Omit<Conversation, 'meta'>> & { meta?: Partial<Conversation['meta']> } = {}): Conversation {
  const { meta, ...rest } = extra;
  return {
    id: 1,
    account_id: 1,
    uuid: '00000000-0000-4000-8000-000000000000',
    inbox_id: 1,
    status: 'open',
    priority: null,
    labels: [],
    muted: false,
    can_reply: true,
    snoozed_until: null,
    unread_count: 0,
    additional_attributes: {},
    custom_attributes: {},
    agent_last_seen_at: 0,
    assignee_last_seen_at: 0,
    contact_last_seen_at: 0,
    first_reply_created_at: 0,
    waiting_since: 0,
    last_activity_at: 0,
    timestamp: 0,
    created_at: 0,
    updated_at: 0,
    sla_policy_id: null,
    messages: [],
    last_non_activity_message: null,
    ...rest,
    meta: { sender: contactPushPayload(), channel: 'Channel::Api', assignee: null, team: null, hmac_verified: false, ...meta },
  };
}

export function typingPayload(userId: number, conversation: Partial<Omit<Conversation, 'meta'>> = {}): TypingEventData {
  return { conversation: conversationPayload(conversation), user: { id: userId, name: 'Agent', type: 'user' }, is_private: false };
}

export function mentionPayload(extra: Partial<MentionEventData> = {}): MentionEventData {
  return { id: 1, inbox_id: 1, account_id: 1, message: messagePayload(), ...extra };
}
