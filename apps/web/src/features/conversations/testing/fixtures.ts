import type { Agent } from '@app/shared/agents';
import type { Conversation } from '@app/shared/conversations';
import type { Label } from '@app/shared/labels';
import { messageTypeNumber, type Message } from '@app/shared/messages';
import type { MessageType } from '@app/shared/constants';

/** A fixed "now" for fixtures: 2024-05-14 10:00 UTC. */
export const NOW = 1_715_680_800;
export const ACCOUNT_ID = 7;
/** The signed-in user of test/fixtures makeUser. */
export const USER_ID = 1;

export function makeAgent(id: number, name: string, extra: Partial<Agent> = {}): Agent {
  return {
    id,
    account_id: ACCOUNT_ID,
    availability_status: 'online',
    auto_offline: true,
    confirmed: true,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    available_name: name,
    name,
    role: 'agent',
    thumbnail: '',
    custom_role_id: null,
    provider: 'email',
    ...extra,
  };
}

export const JANE = makeAgent(USER_ID, 'Jane Doe', { role: 'administrator' });
export const SAM = makeAgent(2, 'Sam Lee');

/** A message valid against MessageSchema; `type` sets message_type. */
export function makeMessage(id: number, conversationId: number, extra: Partial<Message> & { type?: MessageType } = {}): Message {
  const { type = 'incoming', ...rest } = extra;
  const incoming = type === 'incoming';
  return {
    id,
    content: `Message ${id}`,
    account_id: ACCOUNT_ID,
    inbox_id: 1,
    conversation_id: conversationId,
    message_type: messageTypeNumber(type),
    content_type: 'text',
    content_attributes: {},
    status: 'sent',
    private: false,
    source_id: null,
    echo_id: null,
    sender_type: incoming ? 'Contact' : type === 'activity' ? null : 'User',
    sender_id: incoming ? 100 + conversationId : type === 'activity' ? null : USER_ID,
    sender: incoming
      ? { id: 100 + conversationId, name: `Customer ${conversationId}`, type: 'contact', thumbnail: '' }
      : type === 'activity'
        ? null
        : { id: USER_ID, name: 'Jane Doe', available_name: 'Jane Doe', type: 'user', thumbnail: '' },
    external_source_ids: {},
    additional_attributes: {},
    attachments: [],
    created_at: NOW - 600 + id,
    updated_at: NOW - 600 + id,
    ...rest,
  };
}

/** A conversation valid against ConversationSchema, open, unassigned, in inbox 1, with one incoming message. */
export function makeConversation(id: number, extra: Partial<Conversation> = {}): Conversation {
  const last = makeMessage(id * 100, id);
  return {
    id,
    account_id: ACCOUNT_ID,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
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
    waiting_since: NOW - 3600,
    last_activity_at: NOW - id * 60,
    timestamp: NOW - id * 60,
    created_at: NOW - 86_400 - id,
    updated_at: NOW - id * 60,
    sla_policy_id: null,
    meta: {
      sender: {
        id: 100 + id,
        name: `Customer ${id}`,
        email: `customer${id}@example.com`,
        phone_number: null,
        identifier: null,
        thumbnail: '',
        blocked: false,
        additional_attributes: {},
        custom_attributes: {},
        type: 'contact',
      },
      channel: 'Channel::Api',
      assignee: null,
      team: null,
      hmac_verified: false,
    },
    messages: [last],
    last_non_activity_message: last,
    ...extra,
  };
}

export { makeInbox } from '../../../test/fixtures.ts';

export const makeLabel = (id: number, title: string, color = '#1f93ff'): Label => ({ id, title, description: null, color, show_on_sidebar: true });
