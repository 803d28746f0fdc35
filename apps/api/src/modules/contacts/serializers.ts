import type { Contact, ContactInbox, ContactPush } from '@app/shared/contacts';
import type { ContactRow, InboxSummaryRow } from './queries.ts';

/** Turns a storage key into the public URL of the file (ctx.storage.url). */
export type UrlFor = (key: string) => string;

/** The columns the push payload needs, so joins that select a contact can pass their row as is. */
export type ContactPushSource = Pick<
  ContactRow,
  'id' | 'name' | 'email' | 'phoneNumber' | 'identifier' | 'avatarKey' | 'blocked' | 'additionalAttributes' | 'customAttributes'
>;

const unixOrNull = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);

/** Chatwoot's contact push_event_data: the contact inside conversations, messages and events. */
export function serializeContactPush(row: ContactPushSource, urlFor: UrlFor): ContactPush {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    identifier: row.identifier,
    thumbnail: row.avatarKey ? urlFor(row.avatarKey) : '',
    blocked: row.blocked,
    additional_attributes: row.additionalAttributes,
    custom_attributes: row.customAttributes,
    type: 'contact',
  };
}

export function serializeContactInbox(sourceId: string, inbox: InboxSummaryRow, urlFor: UrlFor): ContactInbox {
  return {
    source_id: sourceId,
    inbox: {
      id: inbox.id,
      name: inbox.name,
      channel_id: inbox.channelId,
      channel_type: inbox.channelType,
      provider: inbox.provider,
      avatar_url: inbox.avatarKey ? urlFor(inbox.avatarKey) : '',
    },
  };
}

/** The contact object; `contactInboxes` is left out of the payload when undefined. */
export function serializeContact(row: ContactRow, urlFor: UrlFor, contactInboxes?: ContactInbox[]): Contact {
  const { type: _type, ...shared } = serializeContactPush(row, urlFor);
  return {
    ...shared,
    // Contact presence arrives with the widget's realtime connection; until then nobody is online.
    availability_status: 'offline',
    last_activity_at: unixOrNull(row.lastActivityAt),
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    ...(contactInboxes ? { contact_inboxes: contactInboxes } : {}),
  };
}
