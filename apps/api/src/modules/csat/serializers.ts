import type { CsatResponse } from '@app/shared/csat';
import type { ResponseRow } from './queries.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A response row with its contact, agent and inbox → the wire shape of GET csat_survey_responses. */
export function serializeResponse(row: ResponseRow, url: (key: string) => string): CsatResponse {
  return {
    id: row.id,
    rating: row.rating,
    feedback_message: row.feedbackMessage,
    account_id: row.accountId,
    message_id: row.messageId,
    contact: row.contact && {
      id: row.contact.id,
      name: row.contact.name ?? '',
      thumbnail: row.contact.avatarKey ? url(row.contact.avatarKey) : '',
      email: row.contact.email,
      phone_number: row.contact.phoneNumber,
    },
    conversation_id: row.conversationDisplayId,
    assigned_agent: row.agent && {
      id: row.agent.id,
      name: row.agent.displayName || row.agent.name,
      thumbnail: row.agent.avatarKey ? url(row.agent.avatarKey) : '',
      email: row.agent.email,
    },
    inbox: row.inbox,
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}
