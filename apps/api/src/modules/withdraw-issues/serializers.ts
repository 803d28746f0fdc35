import type { PaymentRecord, WithdrawIssue } from '@app/shared/payments';
import type { PresentedIssueRow } from './queries.ts';

const person = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

export function serializeWithdrawIssue(row: PresentedIssueRow, withdraw: PaymentRecord | null): WithdrawIssue {
  const { issue } = row;
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
