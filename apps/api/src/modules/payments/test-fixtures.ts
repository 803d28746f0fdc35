import { schema } from '@app/db';
import type { PaymentKind } from '@app/shared/payments-constants';
import type { TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createInbox } from '../../../test/factories.ts';

export type Headers = Record<string, string>;

let sequence = 0;

/** Records inserted directly (tests of the import itself go through the API), newest last unless told. */
export async function insertRecords(
  t: TestContext,
  accountId: number,
  inboxId: number,
  kind: PaymentKind,
  rows: Partial<typeof schema.paymentRecords.$inferInsert>[],
) {
  const base = Date.UTC(2026, 10, 1);
  return t.db
    .insert(schema.paymentRecords)
    .values(
      rows.map((row) => {
        sequence += 1;
        return { accountId, inboxId, kind, orderId: `ORD-${sequence}`, amount: '100.00', status: 'pending', createdAt: new Date(base + sequence * 60_000), ...row };
      }),
    )
    .returning();
}

/** Calls the app with a member's headers (none: signed out). */
export function caller(t: TestContext) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers | undefined, payload?: object) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
}

export const paymentsUrl = (accountId: number, rest: string) => `/api/v1/accounts/${accountId}/${rest}`;

/** An account with its administrator and two inboxes nobody else works in: what the import tests push into. */
export async function twoInboxes(t: TestContext) {
  const { account, admin } = await createAccountWithAdmin(t);
  const inbox = await createInbox(t, account.id, { name: 'Payouts' });
  const second = await createInbox(t, account.id, { name: 'Deposits' });
  return { account, admin, inbox, second };
}
