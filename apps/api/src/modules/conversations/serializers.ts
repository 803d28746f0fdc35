import type { Agent } from '@app/shared/agents';
import type { ContactPush } from '@app/shared/contacts';
import type { Conversation } from '@app/shared/conversations';
import type { Message } from '@app/shared/messages';
import type { ConversationListRow } from './queries.ts';

/** Unix seconds; Chatwoot sends 0 for "never" on the conversation's own timestamps. */
export const unix = (date: Date | null | undefined): number => (date ? Math.floor(date.getTime() / 1000) : 0);

export type ConversationExtras = {
  contact: ContactPush;
  assignee: Agent | null;
  summary: { last: Message | null; lastNonActivity: Message | null; unreadCount: number } | undefined;
};

/** Chatwoot's reply window: channels with a 24-hour rule can't answer after it without a template. */
const REPLY_WINDOW_CHANNELS = new Set(['Channel::FacebookPage', 'Channel::Whatsapp', 'Channel::TwilioSms']);
const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

function canReply(row: ConversationListRow, lastIncomingAt: Date | null): boolean {
  if (!REPLY_WINDOW_CHANNELS.has(row.channelType)) return true;
  if (row.channelType === 'Channel::TwilioSms' && row.conversation.additionalAttributes.medium !== 'whatsapp') return true;
  return lastIncomingAt !== null && Date.now() - lastIncomingAt.getTime() < REPLY_WINDOW_MS;
}

export function serializeConversation(row: ConversationListRow, extras: ConversationExtras): Conversation {
  const c = row.conversation;
  const last = extras.summary?.last ?? null;
  // The contact's latest message opens the reply window; waiting_since marks an unanswered one.
  const lastIncomingAt = c.waitingSince ?? (last && last.message_type === 0 ? new Date(last.created_at * 1000) : null);
  return {
    id: c.displayId,
    account_id: c.accountId,
    uuid: c.uuid,
    inbox_id: c.inboxId,
    status: c.status,
    priority: c.priority ?? null,
    labels: c.labels,
    muted: c.muted,
    can_reply: canReply(row, lastIncomingAt),
    snoozed_until: c.snoozedUntil ? unix(c.snoozedUntil) : null,
    unread_count: extras.summary?.unreadCount ?? 0,
    additional_attributes: c.additionalAttributes,
    custom_attributes: c.customAttributes,
    agent_last_seen_at: unix(c.agentLastSeenAt),
    assignee_last_seen_at: unix(c.assigneeLastSeenAt),
    contact_last_seen_at: unix(c.contactLastSeenAt),
    first_reply_created_at: unix(c.firstReplyCreatedAt),
    waiting_since: unix(c.waitingSince),
    last_activity_at: unix(c.lastActivityAt),
    timestamp: unix(c.lastActivityAt),
    created_at: unix(c.createdAt),
    updated_at: c.updatedAt.getTime() / 1000,
    sla_policy_id: null,
    meta: {
      sender: extras.contact,
      channel: row.channelType,
      assignee: extras.assignee,
      team: c.teamId && row.teamName ? { id: c.teamId, name: row.teamName } : null,
      hmac_verified: row.hmacVerified ?? false,
    },
    messages: last ? [last] : [],
    last_non_activity_message: extras.summary?.lastNonActivity ?? null,
  };
}
