import { useMutation, useQuery } from '@tanstack/react-query';
import type { OcrResult, WithdrawIssue } from '@app/shared/payments';
import { api } from '../../lib/api-client.ts';

// Answers are checked against their schemas in development only, loaded on demand (lib/api-client.ts).
const ocrPayloadSchema = () => import('@app/shared/payments').then((m) => m.OcrResultPayloadSchema);
const issuePayloadSchema = async () => {
  const [{ z }, { WithdrawIssueSchema }] = await Promise.all([import('zod'), import('@app/shared/payments')]);
  return z.object({ payload: WithdrawIssueSchema });
};

/*
 * Which account: 001 section 7 sends withdraw and recharge calls to the payments account (account 1 by default),
 * but OCR reads a MESSAGE and a withdraw issue names a CONVERSATION, and both belong to the account the agent is
 * working in; asked of the payments account, another account's message or conversation is a 404. So these two
 * calls go to the current account. The matches OCR answers are the records of that account's inboxes the
 * caller sees (docs/payments-web.md).
 */
const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** Query keys of the payment-OCR feature. */
export const paymentOcrKeys = {
  all: ['payment-ocr'] as const,
  message: (accountId: number, messageId: number) => [...paymentOcrKeys.all, accountId, 'message', messageId] as const,
};

/**
 * POST ocr/withdraw_button {message_id} (001 section 7): reads the message's image and answers the fields with the
 * matching records. Kept as a query of that message so that closing and opening the panel again shows the answer
 * without reading the image twice; a failure is never retried by itself (the person retries, the server may be busy).
 */
export function useMessageOcr(accountId: number, messageId: number) {
  return useQuery({
    queryKey: paymentOcrKeys.message(accountId, messageId),
    queryFn: async ({ signal }) =>
      (await api<{ payload: OcrResult }>(`${accountBase(accountId)}/ocr/withdraw_button`, { method: 'POST', body: { message_id: messageId }, schema: ocrPayloadSchema, signal }))
        .payload,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export type WithdrawIssueInput = { order_id: string; conversation_id: number; inbox_id: number; description: string };

/** POST withdraw_issues {order_id, conversation_id (display id), inbox_id, description} → {payload: issue}. */
export function useCreateWithdrawIssue(accountId: number) {
  return useMutation({
    mutationFn: async (input: WithdrawIssueInput) =>
      (await api<{ payload: WithdrawIssue }>(`${accountBase(accountId)}/withdraw_issues`, { method: 'POST', body: input, schema: issuePayloadSchema })).payload,
  });
}
