import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { startOfDay, subDays, addDays } from 'date-fns';
import { cableBus } from '../../../lib/realtime/cable-bus.ts';
import { at, historyEntry, listReply, makeRecord, openCheckerView, screenPath } from '../testing/checker-view-testing.tsx';

const FIRST_PAGE = 'page=1&per_page=25';
const recharges = (query = '') => `GET ${at(`recharges?${query}${FIRST_PAGE}`)}`;
const withdraws = (query = '') => `GET ${at(`withdraws?${query}${FIRST_PAGE}`)}`;
const rows = async (name: string) => within(await screen.findByRole('table', { name })).getAllByRole('row').slice(1);

/** A reply that never comes, for the loading state. */
const never = () => new Promise<never>(() => {});

describe('records tabs: lists, filters, pagination, states', () => {
  it('S1-7.29 GET recharges loads the recharge list: order, inbox, customer, amount, UTR, UPI id, status, time', async () => {
    const { server } = openCheckerView({ [recharges()]: listReply([makeRecord(1, 'recharge', { amount: '1234567.5', status: 'success' }), makeRecord(2)]) });
    const [first, second] = await rows('Recharges');
    expect(server.called(recharges())).toHaveLength(1);
    expect(within(first!).getByRole('button', { name: 'Open order ORD-1' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Inbox' })).toBeInTheDocument();
    expect(within(first!).getByText('WhatsApp Payments')).toBeInTheDocument();
    expect(within(first!).getByText('Customer 1')).toBeInTheDocument();
    expect(within(first!).getByText('₹1,234,567.50')).toBeInTheDocument();
    expect(within(first!).getByText('123456789001')).toBeInTheDocument();
    expect(within(first!).getByText('user1@okbank')).toBeInTheDocument();
    expect(within(first!).getByText('Successful')).toBeInTheDocument();
    expect(first!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T10:15:00.000Z');
    expect(within(second!).getByText('Pending')).toBeInTheDocument();
  });

  it('S1-7.27 GET withdraws is sent with the params and the inbox, and loads the withdraw list', async () => {
    const query = 'inbox_id=3&status=success&utr=9001&';
    const { server } = openCheckerView({ [withdraws(query)]: listReply([makeRecord(9, 'withdraw', { status: 'success' })]) }, { path: screenPath('checker-view/3/withdraw?status=success&utr=9001') });
    const [row] = await rows('Withdrawals');
    expect(within(row!).getByText('ORD-9')).toBeInTheDocument();
    expect(server.called(withdraws(query))).toHaveLength(1);
    // One inbox: no inbox column (all inboxes have one, see the recharge list above).
    expect(screen.queryByRole('columnheader', { name: 'Inbox' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('success');
    expect(screen.getByRole('textbox', { name: 'UTR' })).toHaveValue('9001');
  });

  it('filters become query parameters of the list and of the URL; a bad UTR or amount sends nothing', async () => {
    const { server, router } = openCheckerView({
      [recharges()]: listReply([makeRecord(1)]),
      [recharges('status=failed&')]: listReply([makeRecord(1)]),
      [recharges('status=failed&order_id=ORD-1&utr=7890&upi_id=a%40ok&customer=Ravi&amount_min=100&amount_max=2500.5&')]: listReply([makeRecord(1)]),
    });
    await rows('Recharges');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await waitFor(() => expect(server.called(recharges('status=failed&'))).toHaveLength(1));
    expect(router.state.location.search).toBe('?status=failed');

    await userEvent.type(screen.getByRole('textbox', { name: 'UTR' }), '78');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount from' }), '1,00');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter 4 to 12 digits')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount like 1200 or 1200.50')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=failed');

    await userEvent.clear(screen.getByRole('textbox', { name: 'UTR' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'UTR' }), '7890');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Amount from' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount from' }), '100');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount to' }), '2500.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Order id' }), 'ORD-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'UPI id' }), 'a@ok');
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer' }), 'Ravi{Enter}');
    await waitFor(() => expect(server.called(recharges('status=failed&order_id=ORD-1&utr=7890&upi_id=a%40ok&customer=Ravi&amount_min=100&amount_max=2500.5&'))).toHaveLength(1));
    expect(router.state.location.search).toBe('?status=failed&order_id=ORD-1&utr=7890&upi_id=a%40ok&customer=Ravi&amount_min=100&amount_max=2500.5');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'UTR' })).toHaveValue('');
  });

  it('an amount range upside down is refused', async () => {
    const { router } = openCheckerView({ [recharges()]: listReply([makeRecord(1)]) });
    await rows('Recharges');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount from' }), '500');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount to' }), '100{Enter}');
    expect(screen.getByText('The lower amount is above the upper one')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('the date range filter sends the local days as instants (until exclusive) once applied in its picker, and can be cleared', async () => {
    const today = new Date();
    const since = startOfDay(subDays(today, 6)).toISOString();
    const until = addDays(startOfDay(today), 1).toISOString();
    const dated = recharges(`since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}&`);
    const { server, router } = openCheckerView({ [recharges()]: listReply([makeRecord(1)]), [dated]: listReply([makeRecord(1)]) });
    await rows('Recharges');
    // opening the picker filters nothing: the range applies when the user applies it
    await userEvent.click(screen.getByRole('button', { name: 'Created: Any date' }));
    const picker = await screen.findByRole('dialog');
    expect(server.called(dated)).toHaveLength(0);
    expect(router.state.location.search).toBe('');
    await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.called(dated)).toHaveLength(1));
    expect(router.state.location.search).toMatch(/^\?since=\d{4}-\d{2}-\d{2}&until=\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('button', { name: /^Created: Last 7 days/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Any date (clear the date range)' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('pages 25 at a time: next asks for page 2 and puts it in the URL', async () => {
    const page = (n: number) => Array.from({ length: n === 3 ? 10 : 25 }, (_, i) => makeRecord((n - 1) * 25 + i + 1));
    const { server, router } = openCheckerView({
      [recharges()]: listReply(page(1), { count: 60 }),
      [`GET ${at('recharges?page=2&per_page=25')}`]: listReply(page(2), { count: 60, current_page: 2 }),
      [`GET ${at('recharges?page=3&per_page=25')}`]: listReply(page(3), { count: 60, current_page: 3 }),
    });
    expect(await rows('Recharges')).toHaveLength(25);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();
    expect(server.called(`GET ${at('recharges?page=2&per_page=25')}`)).toHaveLength(1);
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('a capped count reads "10,000+": next stays on, last is off', async () => {
    openCheckerView({ [recharges()]: listReply(Array.from({ length: 25 }, (_, i) => makeRecord(i + 1)), { count: 10_000, count_capped: true }) });
    await rows('Recharges');
    expect(screen.getByText('1–25 of 10,000+')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 400+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('shows a skeleton while the first page loads', async () => {
    openCheckerView({ [recharges()]: never });
    expect(await screen.findByRole('status', { name: 'Loading payments…' })).toBeInTheDocument();
  });

  it('shows the empty state, and another one when filters match nothing', async () => {
    openCheckerView({ [recharges()]: listReply([]) });
    expect(await screen.findByRole('heading', { name: 'No recharges yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says when nothing matches the filters', async () => {
    openCheckerView({ [recharges('utr=4321&')]: listReply([]) }, { path: screenPath('checker-view?utr=4321') });
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
  });

  it('shows the error state with a retry that loads the list', async () => {
    let fail = true;
    const { server } = openCheckerView({ [recharges()]: () => (fail ? { status: 400, body: { error: 'boom' } } : listReply([makeRecord(1)])) });
    expect(await screen.findByText('We could not load these payments.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows('Recharges')).toHaveLength(1);
    expect(server.called(recharges())).toHaveLength(2);
  });

  it('payment_record.updated refetches the list (live updates)', async () => {
    let status = 'pending';
    const { server } = openCheckerView({ [recharges()]: () => listReply([makeRecord(1, 'recharge', { status })]) });
    const [row] = await rows('Recharges');
    expect(within(row!).getByText('Pending')).toBeInTheDocument();
    status = 'success';
    act(() => cableBus.emitEvent({ event: 'payment_record.updated', data: makeRecord(1, 'recharge', { status: 'success' }), seq: 1 }));
    await waitFor(async () => expect(within((await rows('Recharges'))[0]!).getByText('Successful')).toBeInTheDocument());
    expect(server.called(recharges())).toHaveLength(2);
  });
});

describe('records tabs: the record panel and status changes', () => {
  const successWithdraw = makeRecord(2, 'withdraw', { status: 'success', extras: { bank: 'HDFC', attempts: 2 }, conversation_id: 41 });
  const detail = { body: { payload: { ...successWithdraw, history: [historyEntry(1, null, 'pending', { actor: { type: 'import', id: null, name: null } }), historyEntry(2, 'pending', 'success', { reason: 'Paid out' })] } } };
  const patchPath = `PATCH ${at('withdraws/update_status_by_order_id_undelivered')}`;

  const openWithdraw = async (patch: Parameters<typeof openCheckerView>[0][string]) => {
    const opened = openCheckerView(
      { [withdraws('inbox_id=3&')]: listReply([successWithdraw]), [`GET ${at('withdraws/2')}`]: detail, [patchPath]: patch },
      { path: screenPath('checker-view/3/withdraw') },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Open order ORD-2' }));
    return opened;
  };

  it('opens a record in a panel: details, extra fields, history, and only the allowed status changes', async () => {
    const { router } = await openWithdraw({ status: 500 });
    const panel = await screen.findByRole('dialog', { name: 'Withdrawal ORD-2' });
    expect(router.state.location.search).toBe('?record=2');
    expect(await within(panel).findByText('HDFC')).toBeInTheDocument();
    expect(within(panel).getByText('bank')).toBeInTheDocument();
    expect(within(panel).getByText('2')).toBeInTheDocument();
    expect(within(panel).getByText('Created as Pending')).toBeInTheDocument();
    expect(within(panel).getByText('Pending → Successful')).toBeInTheDocument();
    expect(within(panel).getByText('Paid out')).toBeInTheDocument();
    expect(within(panel).getByText(/by an import/)).toBeInTheDocument();
    expect(within(panel).getByText(/by Jane Doe/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Conversation #41' })).toHaveAttribute('href', '/app/accounts/7/conversations/41');
    // success → undelivered only (PAYMENT_TRANSITIONS)
    const actions = within(within(panel).getByRole('region', { name: 'Change the status' })).getAllByRole('button');
    expect(actions.map((button) => button.textContent)).toEqual(['Mark undelivered']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('S1-7.28 mark undelivered asks first, then PATCHes order_id, inbox, status, utr and reason; a toast and the list refetches', async () => {
    const { server } = await openWithdraw({ body: { payload: { ...successWithdraw, status: 'undelivered' } } });
    const panel = await screen.findByRole('dialog', { name: 'Withdrawal ORD-2' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark undelivered' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark undelivered: order ORD-2?' });
    expect(within(confirm).getByText(/from Successful to Undelivered/)).toBeInTheDocument();
    expect(server.called(patchPath)).toHaveLength(0);
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'UTR' }), '12345');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, mark undelivered' }));
    expect(within(confirm).getByText('A UTR has exactly 12 digits')).toBeInTheDocument();
    expect(server.called(patchPath)).toHaveLength(0);
    await userEvent.clear(within(confirm).getByRole('textbox', { name: 'UTR' }));
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'UTR' }), '998877665544');
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'Reason' }), 'Customer says it never arrived');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, mark undelivered' }));
    expect(await screen.findByText('Order ORD-2 is now Undelivered.')).toBeInTheDocument();
    expect(server.called(patchPath)[0]!.body).toEqual({ order_id: 'ORD-2', inbox: 3, status: 'undelivered', utr: '998877665544', reason: 'Customer says it never arrived' });
    await waitFor(() => expect(server.called(withdraws('inbox_id=3&'))).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Mark undelivered: order ORD-2?' })).toBeNull();
  });

  it('a 409 (the status moved on) is said in the dialog and the list refetches', async () => {
    const { server } = await openWithdraw({ status: 409, body: { error: 'Withdraw ORD-2 is refunded and cannot become undelivered', error_code: 'state_conflict' } });
    await userEvent.click(await within(await screen.findByRole('dialog', { name: 'Withdrawal ORD-2' })).findByRole('button', { name: 'Mark undelivered' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark undelivered: order ORD-2?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, mark undelivered' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This payment cannot become Undelivered any more: Withdraw ORD-2 is refunded and cannot become undelivered. The list now shows its current status.',
    );
    expect(server.called(patchPath)[0]!.body).toEqual({ order_id: 'ORD-2', inbox: 3, status: 'undelivered' });
    await waitFor(() => expect(server.called(withdraws('inbox_id=3&'))).toHaveLength(2));
    expect(server.called(`GET ${at('withdraws/2')}`).length).toBeGreaterThanOrEqual(2);
  });

  it('a 404 says the payment is gone', async () => {
    await openWithdraw({ status: 404, body: { error: 'Resource could not be found' } });
    await userEvent.click(await within(await screen.findByRole('dialog', { name: 'Withdrawal ORD-2' })).findByRole('button', { name: 'Mark undelivered' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark undelivered: order ORD-2?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, mark undelivered' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('This payment is gone, or you no longer see its inbox.');
  });

  it('S1-7.30 confirming a recharge from its panel PATCHes recharges/update_by_utr_upi by order id and inbox', async () => {
    const pending = makeRecord(4, 'recharge', { utr: null });
    const patch = `PATCH ${at('recharges/update_by_utr_upi')}`;
    const { server } = openCheckerView({
      [recharges()]: listReply([pending]),
      [`GET ${at('recharges/4')}`]: { body: { payload: { ...pending, history: [] } } },
      [patch]: { body: { payload: { ...pending, status: 'success', utr: '111122223333' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open order ORD-4' }));
    const panel = await screen.findByRole('dialog', { name: 'Recharge ORD-4' });
    expect(within(panel).getByText('No status changes yet.')).toBeInTheDocument();
    const actions = within(within(panel).getByRole('region', { name: 'Change the status' })).getAllByRole('button');
    expect(actions.map((button) => button.textContent)).toEqual(['Confirm recharge', 'Mark failed', 'Mark expired']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm recharge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm recharge: order ORD-4?' });
    await userEvent.type(within(confirm).getByRole('textbox', { name: 'UTR' }), '111122223333');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, confirm recharge' }));
    expect(await screen.findByText('Order ORD-4 is now Successful.')).toBeInTheDocument();
    expect(server.called(patch)[0]!.body).toEqual({ order_id: 'ORD-4', inbox: 3, status: 'success', utr: '111122223333' });
  });

  it('S1-7.30 settle by UTR: PATCH with the UTR and status; several matches (409) and none (404) are explained', async () => {
    const patch = `PATCH ${at('recharges/update_by_utr_upi')}`;
    const answers = [
      { status: 409, body: { error: 'Several recharges match', error_code: 'state_conflict', candidates: [4, 6] } },
      { status: 404, body: { error: 'Resource could not be found' } },
      { body: { payload: makeRecord(6, 'recharge', { status: 'success' }) } },
    ];
    const { server } = openCheckerView({ [recharges('inbox_id=3&')]: listReply([makeRecord(1)]), [patch]: () => answers.shift()! }, { path: screenPath('checker-view/3') });
    await rows('Recharges');
    await userEvent.click(screen.getByRole('button', { name: 'Settle by UTR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle a recharge by its UTR' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(within(dialog).getByText('Give the UTR or the UPI id')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'UTR' }), '123456789006');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Several open recharges match (2).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No open recharge has this UTR or UPI id in the inboxes you see.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Recharge ORD-6 is now Successful.')).toBeInTheDocument();
    expect(server.called(patch).map((call) => call.body)).toEqual(Array(3).fill({ status: 'success', inbox: 3, utr: '123456789006' }));
  });

  it('a record that cannot be loaded says so in its panel', async () => {
    openCheckerView({ [withdraws()]: listReply([]), [`GET ${at('withdraws/77')}`]: { status: 404, body: { error: 'Resource could not be found' } } }, { path: screenPath('checker-view/all/withdraw?record=77') });
    const panel = await screen.findByRole('dialog', { name: /^Withdrawal/ });
    expect(await within(panel).findByText('We could not load this payment.')).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Change the status' })).toBeNull();
  });

  it('a refunded withdrawal is final: no status buttons', async () => {
    const refunded = makeRecord(5, 'withdraw', { status: 'refunded' });
    openCheckerView({ [withdraws()]: listReply([refunded]), [`GET ${at('withdraws/5')}`]: { body: { payload: { ...refunded, history: [] } } } }, { path: screenPath('checker-view/all/withdraw?record=5') });
    const panel = await screen.findByRole('dialog', { name: 'Withdrawal ORD-5' });
    expect(await within(panel).findByText('This status is final: it cannot change any more.')).toBeInTheDocument();
    expect(within(within(panel).getByRole('region', { name: 'Change the status' })).queryAllByRole('button')).toHaveLength(0);
  });
});
