import type { PaymentRecord, PaymentStatusChange, WithdrawIssue } from '@app/shared/payments';
import type { PaymentKind } from '@app/shared/payments-constants';
import type { UserAccount } from '@app/shared/users';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeAccount, makeInbox } from '../../../test/fixtures.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { CheckerViewPage } from '../pages/checker-view-page.tsx';

/** The account of these tests (current, and the payments account unless a test says otherwise). */
export const ACCOUNT = 7;
export const at = (rest: string, account = ACCOUNT) => `/api/v1/accounts/${account}/${rest}`;
export const screenPath = (rest = 'checker-view', account = ACCOUNT) => `/app/accounts/${account}/${rest}`;
export const INBOXES = [makeInbox(3, 'WhatsApp Payments'), makeInbox(5, 'Website')];

export function makeRecord(id: number, kind: PaymentKind = 'recharge', extra: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id,
    account_id: ACCOUNT,
    inbox_id: 3,
    inbox_name: 'WhatsApp Payments',
    kind,
    order_id: `ORD-${id}`,
    utr: `1234567890${String(id).padStart(2, '0')}`,
    upi_id: `user${id}@okbank`,
    amount: '1200.50',
    currency: 'INR',
    status: 'pending',
    customer_name: `Customer ${id}`,
    customer_reference: null,
    extras: {},
    conversation_id: null,
    status_changed_at: null,
    created_at: '2026-11-20T10:15:00.000Z',
    updated_at: '2026-11-20T10:15:00.000Z',
    ...extra,
  };
}

export const historyEntry = (id: number, from: string | null, to: string, extra: Partial<PaymentStatusChange> = {}): PaymentStatusChange => ({
  id,
  from_status: from,
  to_status: to,
  reason: null,
  actor: { type: 'user', id: 1, name: 'Jane Doe' },
  created_at: '2026-11-21T09:00:00.000Z',
  ...extra,
});

/** A GET withdraws|recharges answer. */
export const listReply = (records: PaymentRecord[], meta: Partial<{ current_page: number; per_page: number; count: number; count_capped: boolean }> = {}): Reply => ({
  body: { meta: { current_page: 1, per_page: 25, count: records.length, count_capped: false, ...meta }, payload: records },
});

export function makeIssue(id: number, extra: Partial<WithdrawIssue> = {}): WithdrawIssue {
  return {
    id,
    account_id: ACCOUNT,
    inbox_id: 3,
    inbox_name: 'WhatsApp Payments',
    conversation_id: 40 + id,
    order_id: `WD-${id}`,
    withdraw: null,
    description: `Customer says payout ${id} never arrived`,
    status: 'open',
    created_by: { id: 2, name: 'Arjun' },
    resolved_by: null,
    resolved_at: null,
    resolution_note: null,
    created_at: '2026-11-22T08:00:00.000Z',
    ...extra,
  };
}

type OpenOptions = {
  path?: string;
  account?: UserAccount;
  otherAccounts?: UserAccount[];
  /** The global config's payments_account_id (7 by default); null leaves it out, which means account 1. */
  paymentsAccountId?: number | null;
  inboxes?: ReturnType<typeof makeInbox>[];
};

type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);

/**
 * The checker view at `path` (under /app/accounts/7/ by default) on the fake API: the global config naming the
 * payments account (7 unless told), that account's inboxes, and `handlers` for the rest.
 */
export function openCheckerView(handlers: Record<string, Handler>, { path = screenPath(), account = makeAccount(ACCOUNT), otherAccounts, paymentsAccountId = ACCOUNT, inboxes = INBOXES }: OpenOptions = {}) {
  const payments = paymentsAccountId ?? 1;
  const server = fakeApi({
    'GET /api/v1/global_config': { body: { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: false, ...(paymentsAccountId ? { payments_account_id: paymentsAccountId } : {}) } },
    [`GET ${at('inboxes', payments)}`]: { body: { payload: inboxes } },
    ...handlers,
  });
  const view = renderAccountScreen(<CheckerViewPage />, { path, account, otherAccounts, route: '/app/accounts/:accountId/checker-view/:inboxId?/:tab?' });
  return { server, ...view };
}
