import { describe, expect, it } from 'vitest';
import { CreateWithdrawIssueBodySchema } from '@app/shared/payments';
import { addMessages } from '../../../lib/i18n/i18n.ts';
import { paymentOcrEn } from '../../../lib/i18n/locales/en-payment-ocr.ts';
import { validateWithdrawIssue, WITHDRAW_ISSUE_LIMITS } from './withdraw-issue-form.ts';

addMessages('en', paymentOcrEn);
const body = (order_id: string, description: string) => ({ order_id, description, conversation_id: 5, inbox_id: 1 });

describe('withdraw issue form', () => {
  it('needs an order id and a description, trimmed, within the limits of the shared contract', () => {
    expect(validateWithdrawIssue({ orderId: ' ', description: '' })).toEqual({ order_id: 'Enter the order id.', description: 'Describe the issue.' });
    expect(validateWithdrawIssue({ orderId: ' W-1 ', description: ' late ' })).toEqual({});
    const longest = { orderId: 'x'.repeat(WITHDRAW_ISSUE_LIMITS.orderId), description: 'y'.repeat(WITHDRAW_ISSUE_LIMITS.description) };
    expect(validateWithdrawIssue(longest)).toEqual({});
    expect(CreateWithdrawIssueBodySchema.safeParse(body(longest.orderId, longest.description)).success).toBe(true);
    const over = { orderId: `${longest.orderId}x`, description: `${longest.description}y` };
    expect(validateWithdrawIssue(over)).toEqual({ order_id: 'Use at most 100 characters.', description: 'Use at most 2000 characters.' });
    expect(CreateWithdrawIssueBodySchema.safeParse(body(over.orderId, longest.description)).success).toBe(false);
    expect(CreateWithdrawIssueBodySchema.safeParse(body(longest.orderId, over.description)).success).toBe(false);
  });
});
