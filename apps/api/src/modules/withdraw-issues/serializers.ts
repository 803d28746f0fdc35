import type { WithdrawIssue } from '@app/shared/payments';
import { serializePaymentRecord } from '../payments/serializers.ts';
import type { PresentedIssueRow } from './queries.ts';

const person = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

export function serializeWithdrawIssue(row: PresentedIssueRow): WithdrawIssue {
  const { issue, record } = row;
  // the record is of the issue's inbox, so it carries that inbox's name
  const withdraw = record ? serializePaymentRecord({ ...record, inboxName: row.inboxName, conversationDisplayId: row.recordConversationDisplayId }) : null;
  return {
    id: issue.id,
    account_id: issue.accountId,
    inbox_id: issue.inboxId,
    inbox_name: row.inboxName,
    conversation_id: row.conversationDisplayId,
    order_id: issue.orderId,
    withdraw,
    description: issue.description,
    status: issue.status,
    created_by: person(issue.createdById, row.createdByName),
    resolved_by: person(issue.resolvedById, row.resolvedByName),
    resolved_at: issue.resolvedAt?.toISOString() ?? null,
    resolution_note: issue.resolutionNote,
    created_at: issue.createdAt.toISOString(),
  };
}
