import type { SearchContact, SearchConversation, SearchMessage } from '@app/shared/search';

const NOW = 1_715_680_800;
const inbox = { id: 1, name: 'Website', channel_type: 'Channel::WebWidget' };

export function searchContact(id: number, name: string, extra: Partial<SearchContact> = {}): SearchContact {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    phone_number: null,
    identifier: null,
    thumbnail: '',
    blocked: false,
    additional_attributes: {},
    custom_attributes: {},
    availability_status: 'offline',
    last_activity_at: NOW,
    created_at: NOW - 86_400,
    matched: { field: 'name', snippet: name },
    ...extra,
  };
}

export function searchConversation(id: number, contactName: string, snippet: string, extra: Partial<SearchConversation> = {}): SearchConversation {
  return {
    id,
    account_id: 7,
    status: 'open',
    created_at: NOW - 3600,
    last_activity_at: NOW - 60,
    inbox,
    contact: { id: 100 + id, name: contactName, thumbnail: '', email: null, phone_number: null },
    assignee: null,
    message: { id: id * 10, content: snippet, created_at: NOW - 60 },
    matched: { field: 'content', snippet },
    ...extra,
  };
}

export function searchMessage(id: number, conversationId: number, content: string, extra: Partial<SearchMessage> = {}): SearchMessage {
  return {
    id,
    content,
    message_type: 0,
    private: false,
    created_at: NOW - 120,
    conversation_id: conversationId,
    inbox,
    sender: { id: 5, name: 'Anna Lee', thumbnail: '', type: 'contact' },
    matched: { field: 'content', snippet: content },
    ...extra,
  };
}
