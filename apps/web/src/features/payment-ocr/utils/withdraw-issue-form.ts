import { t } from '../../../lib/i18n/i18n.ts';

/** The limits of CreateWithdrawIssueBodySchema (@app/shared/payments), held to it by a test. */
export const WITHDRAW_ISSUE_LIMITS = { orderId: 100, description: 2000 } as const;

export type WithdrawIssueErrors = { order_id?: string | undefined; description?: string | undefined };

/** The rules the server applies too: an order id and a description, both non-blank and within their limits. */
export function validateWithdrawIssue({ orderId, description }: { orderId: string; description: string }): WithdrawIssueErrors {
  const errors: WithdrawIssueErrors = {};
  const order = orderId.trim();
  if (!order) errors.order_id = t('WITHDRAW_ISSUE.ORDER_ID_REQUIRED');
  else if (order.length > WITHDRAW_ISSUE_LIMITS.orderId) errors.order_id = t('WITHDRAW_ISSUE.ORDER_ID_TOO_LONG', { max: WITHDRAW_ISSUE_LIMITS.orderId });
  const text = description.trim();
  if (!text) errors.description = t('WITHDRAW_ISSUE.DESCRIPTION_REQUIRED');
  else if (text.length > WITHDRAW_ISSUE_LIMITS.description) errors.description = t('WITHDRAW_ISSUE.DESCRIPTION_TOO_LONG', { max: WITHDRAW_ISSUE_LIMITS.description });
  return errors;
}
