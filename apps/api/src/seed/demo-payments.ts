import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@app/db';
import type { AccountRole } from '@app/shared/constants';
import { CreateInboxBodySchema } from '@app/shared/inboxes';
import { InboxMembersBodySchema } from '@app/shared/inbox-members';
import type { PaymentImportRecord } from '@app/shared/payments';
import type { AccountCtx, Services } from '../lib/context.ts';
import { insertMembership } from '../modules/accounts/service.ts';
import { createInbox } from '../modules/inboxes/service.ts';
import { replaceInboxMembers } from '../modules/inbox-members/service.ts';
import { importPaymentRecords } from '../modules/payments/import-json.ts';
import { updateRechargeStatus, updateWithdrawStatus } from '../modules/payments/status-updates.ts';

/**
 * Withdraw and recharge records in the payments account (PAYMENTS_ACCOUNT_ID, account 1 on a fresh install:
 * the first-start account), where the dashboard's checker view sends its calls. Two API inboxes with a few
 * hundred records of every status, and operators' status changes so the history and the reports have rows.
 * The demo checker (Priya) works the payouts inbox only, so she sees what a checker sees: her inbox.
 */

const PAYOUTS = 'Acme Payouts';
const TOP_UPS = 'Acme Top-ups';
const RECORDS_PER_KIND_AND_INBOX = 90;

/** Who works the payments account: demo people who already exist (demo.ts makes them first). */
const PEOPLE: { email: string; role: AccountRole; inboxes: string[] }[] = [
  { email: 'maya@northwind.example', role: 'administrator', inboxes: [] },
  { email: 'priya@northwind.example', role: 'checker', inboxes: [PAYOUTS] },
  { email: 'daniel@northwind.example', role: 'agent', inboxes: [PAYOUTS, TOP_UPS] },
  { email: 'elena@globex.example', role: 'checker', inboxes: [TOP_UPS] },
];

const FIRST_NAMES = ['Aarav', 'Ananya', 'Vivaan', 'Diya', 'Aditya', 'Saanvi', 'Arjun', 'Kavya', 'Ishaan', 'Meera', 'Rohit', 'Sneha', 'Vikram', 'Lakshmi', 'Karan', 'Pooja', 'Suresh', 'Anjali', 'Rahul', 'Nandini', 'Farhan', 'Harpreet', 'Joseph', 'Gayatri'];
const LAST_NAMES = ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Nair', 'Gupta', 'Singh', 'Kumar', 'Das', 'Mehta', 'Joshi', 'Rao', 'Banerjee', 'Pillai', 'Shetty', 'Kulkarni', 'Khan', 'Fernandes', 'Agarwal', 'Menon'];
const UPI_HANDLES = ['okaxis', 'oksbi', 'okhdfcbank', 'okicici', 'ybl', 'paytm', 'ibl', 'axl'];
const BANKS = [
  ['HDFC Bank', 'HDFC0001234'],
  ['State Bank of India', 'SBIN0004567'],
  ['ICICI Bank', 'ICIC0007890'],
  ['Axis Bank', 'UTIB0002345'],
  ['Kotak Mahindra Bank', 'KKBK0000678'],
] as const;
// weighted by repetition: most payouts went through, some wait, a few failed or came back
const WITHDRAW_STATUSES = ['success', 'success', 'success', 'success', 'pending', 'processing', 'success', 'failed', 'pending', 'refunded'] as const;
const RECHARGE_STATUSES = ['success', 'success', 'pending', 'success', 'failed', 'pending', 'success', 'expired', 'pending', 'success'] as const;

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;
const HOUR = 60 * 60 * 1000;

/** A 12-digit UTR, the same for the same record every time. */
const utrOf = (seed: number) => String(100_000_000_000 + ((seed * 7_919_113_457) % 899_999_999_999)).padStart(12, '0');

function customer(i: number) {
  const first = pick(FIRST_NAMES, i);
  const last = pick(LAST_NAMES, Math.floor(i / FIRST_NAMES.length) + i * 7);
  return { name: `${first} ${last}`, upi: `${first}.${last}${i % 97}@${pick(UPI_HANDLES, i * 3)}`.toLowerCase(), reference: `CUST-${(48_211 + i * 37) % 100_000}` };
}

/** The n-th demo record of a kind in an inbox: amounts in rupees, newest first over the last month. */
function demoRecord(kind: 'withdraw' | 'recharge', inboxId: number, inboxIndex: number, i: number): PaymentImportRecord {
  const n = inboxIndex * 1_000 + i;
  const person = customer(n + (kind === 'withdraw' ? 0 : 500));
  const status = kind === 'withdraw' ? pick(WITHDRAW_STATUSES, i) : pick(RECHARGE_STATUSES, i);
  const amount = kind === 'withdraw' ? 500 + ((n * 1_237) % 49_500) : 100 + ((n * 613) % 19_900);
  const settled = status !== 'pending' && status !== 'processing';
  const [bank, ifsc] = pick(BANKS, n);
  return {
    inbox_id: inboxId,
    order_id: `${kind === 'withdraw' ? 'WD' : 'RC'}-${inboxIndex + 1}${String(24_001 + i).padStart(6, '0')}`,
    amount: `${amount}.${pick(['00', '00', '50', '00', '99'], n)}`,
    currency: 'INR',
    status,
    utr: settled || kind === 'recharge' ? (i % 4 === 2 && kind === 'recharge' && status === 'pending' ? null : utrOf(n * 2 + (kind === 'withdraw' ? 1 : 0))) : null,
    upi_id: person.upi,
    customer_name: person.name,
    customer_reference: person.reference,
    extras: kind === 'withdraw' ? { bank, ifsc, account_last4: String(1_000 + ((n * 53) % 9_000)) } : { channel: pick(['UPI intent', 'UPI collect', 'QR'], n) },
    created_at: new Date(Date.now() - (i * 7 + inboxIndex * 3 + 1) * HOUR).toISOString(),
  };
}

export async function seedDemoPayments(services: Services): Promise<{ records: number }> {
  const accountId = services.config.paymentsAccountId;
  const [account] = await services.db.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, accountId));
  if (!account) return { records: 0 };
  const [existing] = await services.db
    .select({ id: schema.inboxes.id })
    .from(schema.inboxes)
    .where(and(eq(schema.inboxes.accountId, accountId), eq(schema.inboxes.name, PAYOUTS)));
  if (existing) return { records: 0 };

  const members = await joinPeople(services, accountId);
  const admin = members.get('maya@northwind.example')!;
  const inboxIds = new Map<string, number>();
  for (const name of [PAYOUTS, TOP_UPS]) {
    const created = await createInbox(admin, CreateInboxBodySchema.parse({ name, channel: { type: 'api' } }));
    inboxIds.set(name, created.id);
    const userIds = PEOPLE.filter((p) => p.inboxes.includes(name)).map((p) => members.get(p.email)!.actor.id);
    await replaceInboxMembers(admin, InboxMembersBodySchema.parse({ inbox_id: created.id, user_ids: userIds }));
  }

  let records = 0;
  for (const [inboxIndex, name] of [PAYOUTS, TOP_UPS].entries()) {
    for (const kind of ['withdraw', 'recharge'] as const) {
      const batch = Array.from({ length: RECORDS_PER_KIND_AND_INBOX }, (_, i) => demoRecord(kind, inboxIds.get(name)!, inboxIndex, i));
      records += (await importPaymentRecords(admin, kind, { records: batch })).created;
    }
  }
  await operatorChanges(members, inboxIds.get(PAYOUTS)!, inboxIds.get(TOP_UPS)!);
  return { records };
}

/** The demo people as members of the payments account (added when they are not), each as a context to act as. */
async function joinPeople(services: Services, accountId: number): Promise<Map<string, AccountCtx>> {
  const users = await services.db.select().from(schema.users).where(inArray(schema.users.email, PEOPLE.map((p) => p.email)));
  const contexts = new Map<string, AccountCtx>();
  for (const person of PEOPLE) {
    const user = users.find((u) => u.email === person.email);
    if (!user) continue;
    const [membership] = await services.db
      .select()
      .from(schema.accountUsers)
      .where(and(eq(schema.accountUsers.accountId, accountId), eq(schema.accountUsers.userId, user.id)));
    const role = membership?.role ?? person.role;
    // not their active account: the demo's people open their own workspace (Northwind) after signing in
    if (!membership) await insertMembership(services.db, { accountId, userId: user.id, role, customRoleId: null, active: false });
    contexts.set(person.email, {
      ...services,
      meta: { ip: null, requestId: null, userAgent: 'demo seed' },
      actor: { id: user.id, name: user.name, email: user.email },
      accountId,
      membership: { role, customRoleId: null, permissions: [role] },
    });
  }
  return contexts;
}

/**
 * What the operators did: Priya marked some payouts undelivered after customers wrote in (Daniel confirmed two
 * of them delivered after all), and confirmed pending recharges by their UTR; Elena let some top-ups expire.
 */
async function operatorChanges(members: Map<string, AccountCtx>, payouts: number, topUps: number) {
  const priya = members.get('priya@northwind.example');
  const daniel = members.get('daniel@northwind.example');
  const elena = members.get('elena@globex.example');
  if (!priya || !daniel || !elena) return;
  const order = (kind: 'withdraw' | 'recharge', inboxIndex: number, i: number) => demoRecord(kind, 0, inboxIndex, i).order_id;
  const successes = Array.from({ length: RECORDS_PER_KIND_AND_INBOX }, (_, i) => i).filter((i) => pick(WITHDRAW_STATUSES, i) === 'success');
  for (const [n, i] of successes.slice(0, 8).entries()) {
    await updateWithdrawStatus(priya, { order_id: order('withdraw', 0, i), inbox: payouts, status: 'undelivered', reason: pick(['Customer says the money did not arrive', 'Bank statement shows no credit', 'Wrong account number reported'], n) });
    if (n < 2) await updateWithdrawStatus(daniel, { order_id: order('withdraw', 0, i), inbox: payouts, status: 'success', reason: 'Customer found the credit' });
  }
  const pendingRecharges = Array.from({ length: RECORDS_PER_KIND_AND_INBOX }, (_, i) => i).filter((i) => pick(RECHARGE_STATUSES, i) === 'pending');
  for (const i of pendingRecharges.slice(0, 6)) {
    const record = demoRecord('recharge', payouts, 0, i);
    await updateRechargeStatus(priya, { order_id: record.order_id, inbox: payouts, utr: record.utr ?? utrOf(i + 9_000), status: 'success', reason: 'UTR matches the bank statement' });
  }
  for (const i of pendingRecharges.slice(0, 4)) {
    await updateRechargeStatus(elena, { order_id: order('recharge', 1, i), inbox: topUps, status: 'expired', reason: 'No payment within 24 hours' });
  }
}
