import type { ReportingEvent } from '@app/shared/payments';
import type { ReportingEventRow } from './record.ts';

/** `conversationDisplayId` is what the caller posted: the wire never carries a conversation's row id. */
export function serializeReportingEvent(row: ReportingEventRow, conversationDisplayId: number | null): ReportingEvent {
  return {
    id: row.id,
    account_id: row.accountId,
    inbox_id: row.inboxId,
    conversation_id: conversationDisplayId,
    user_id: row.userId,
    name: row.name,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}
