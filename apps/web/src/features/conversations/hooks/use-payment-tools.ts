import { createContext, useContext } from 'react';
import type { IssueConversation } from '../../payment-ocr/index.ts';

/** What the messages of the open conversation may offer for payment operations, decided once by the view. */
export type PaymentTools = {
  accountId: number;
  conversation: IssueConversation;
  /** ROUTE_ACCESS 'api:ocr.create': the OCR button on image messages. */
  canOcr: boolean;
  /** ROUTE_ACCESS 'api:withdraw_issues.create': raising a withdraw issue from a match. */
  canRaiseIssue: boolean;
};

/** Provided by the conversation view around its messages; null elsewhere (no payment tools). */
export const PaymentToolsContext = createContext<PaymentTools | null>(null);

export const usePaymentTools = () => useContext(PaymentToolsContext);
