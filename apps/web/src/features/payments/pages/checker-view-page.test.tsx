import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeAccount } from '../../../test/fixtures.ts';
import { ACCOUNT, at, listReply, makeIssue, makeRecord, openCheckerView, screenPath } from '../testing/checker-view-testing.tsx';

const FIRST_PAGE = 'page=1&per_page=25';

describe('checker view: route, tabs and inbox', () => {
  it('S1-2.76 S1-2.79 checker-view opens the recharge tab over all inboxes for an administrator', async () => {
    const { server, router } = openCheckerView({ [`GET ${at(`recharges?${FIRST_PAGE}`)}`]: listReply([makeRecord(1)]) });
    expect(await screen.findByRole('table', { name: 'Recharges' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Inbox' })).toHaveValue('all');
    expect(server.called(`GET ${at(`recharges?${FIRST_PAGE}`)}`)).toHaveLength(1);
    expect(server.calls.some((call) => call.path.includes('/withdraws'))).toBe(false);
    expect(router.state.location.pathname).toBe(screenPath());
  });

  it('S1-2.76 S1-2.79 checker-view/{inboxId} shows that inbox on the recharge tab', async () => {
    const { server, router } = openCheckerView({ [`GET ${at(`recharges?inbox_id=5&${FIRST_PAGE}`)}`]: listReply([makeRecord(1, 'recharge', { inbox_id: 5, inbox_name: 'Website' })]) }, { path: screenPath('checker-view/5') });
    expect(await screen.findByRole('table', { name: 'Recharges' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Inbox' })).toHaveValue('5');
    expect(screen.getByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
    expect(server.called(`GET ${at(`recharges?inbox_id=5&${FIRST_PAGE}`)}`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(screenPath('checker-view/5'));
  });

  it('S1-2.76 checker-view/{inboxId}/{tab} opens the named tab: withdraw and issues', async () => {
    const { server } = openCheckerView({ [`GET ${at(`withdraws?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([makeRecord(2, 'withdraw')]) }, { path: screenPath('checker-view/3/withdraw') });
    expect(await screen.findByRole('table', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'true');
    expect(server.called(`GET ${at(`withdraws?inbox_id=3&${FIRST_PAGE}`)}`)).toHaveLength(1);
  });

  it('S1-2.76 the issues tab lists the inbox’s open withdraw issues', async () => {
    const { server } = openCheckerView(
      { [`GET ${at('withdraw_issues?inbox_id=3&status=open&page=1')}`]: { body: { meta: { current_page: 1, per_page: 25, count: 1 }, payload: [makeIssue(1)] } } },
      { path: screenPath('checker-view/3/issues') },
    );
    expect(await screen.findByRole('table', { name: 'Withdraw issues' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Withdraw issues' })).toHaveAttribute('aria-selected', 'true');
    expect(server.called(`GET ${at('withdraw_issues?inbox_id=3&status=open&page=1')}`)).toHaveLength(1);
  });

  it('S1-2.76 the tabs and the inbox picker put the inbox and the tab in the URL', async () => {
    const { router } = openCheckerView({
      [`GET ${at(`recharges?${FIRST_PAGE}`)}`]: listReply([makeRecord(1)]),
      [`GET ${at(`withdraws?${FIRST_PAGE}`)}`]: listReply([makeRecord(2, 'withdraw')]),
      [`GET ${at(`withdraws?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([makeRecord(2, 'withdraw')]),
      [`GET ${at(`withdraws?status=success&${FIRST_PAGE}`)}`]: listReply([makeRecord(2, 'withdraw', { status: 'success' })]),
      [`GET ${at(`withdraws?inbox_id=3&status=success&${FIRST_PAGE}`)}`]: listReply([makeRecord(2, 'withdraw', { status: 'success' })]),
      [`GET ${at(`recharges?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([makeRecord(1)]),
    });
    await screen.findByRole('table', { name: 'Recharges' });
    await userEvent.click(screen.getByRole('tab', { name: 'Withdrawals' }));
    expect(await screen.findByRole('table', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(screenPath('checker-view/all/withdraw'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Successful');
    await waitFor(() => expect(router.state.location.search).toBe('?status=success'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Inbox' }), 'WhatsApp Payments');
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('checker-view/3/withdraw')));
    // the filters stay with another inbox, and go with another tab
    expect(router.state.location.search).toBe('?status=success');
    await userEvent.click(screen.getByRole('tab', { name: 'Recharges' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('checker-view/3/recharge')));
    expect(router.state.location.search).toBe('');
  });

  it('the tabs follow the arrow keys, Home and End', async () => {
    const { router } = openCheckerView({
      [`GET ${at(`recharges?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([]),
      [`GET ${at(`withdraws?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([]),
      [`GET ${at('withdraw_issues?inbox_id=3&status=open&page=1')}`]: { body: { meta: { current_page: 1, per_page: 25, count: 0 }, payload: [] } },
    }, { path: screenPath('checker-view/3/recharge') });
    const recharges = await screen.findByRole('tab', { name: 'Recharges' });
    recharges.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('checker-view/3/withdraw')));
    expect(screen.getByRole('tab', { name: 'Withdrawals' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('checker-view/3/issues')));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('checker-view/3/recharge')));
  });

  it('a tab name in the inbox’s place and an unknown tab are rewritten (the tab falls back to recharge)', async () => {
    const first = openCheckerView({ [`GET ${at(`withdraws?${FIRST_PAGE}`)}`]: listReply([]) }, { path: screenPath('checker-view/withdraw') });
    await waitFor(() => expect(first.router.state.location.pathname).toBe(screenPath('checker-view/all/withdraw')));
    first.unmount();
    const second = openCheckerView({ [`GET ${at(`recharges?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([]) }, { path: screenPath('checker-view/3/bogus') });
    await waitFor(() => expect(second.router.state.location.pathname).toBe(screenPath('checker-view/3/recharge')));
    expect(await screen.findByRole('tab', { name: 'Recharges' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a checker without an inbox in the URL lands on their first inbox, and is not offered all inboxes', async () => {
    const checker = makeAccount(ACCOUNT, 'checker', { checker_inbox: [3, 5] });
    const { server, router } = openCheckerView({ [`GET ${at(`recharges?inbox_id=3&${FIRST_PAGE}`)}`]: listReply([makeRecord(1)]) }, { account: checker });
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('checker-view/3/recharge')));
    expect(await screen.findByRole('table', { name: 'Recharges' })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Inbox' });
    expect(within(picker).queryByRole('option', { name: 'All inboxes' })).toBeNull();
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['WhatsApp Payments', 'Website']);
    expect(server.calls.some((call) => call.path.startsWith(at('recharges?page')))).toBe(false);
    // The checker can open records and change them, but never imports.
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Settle by UTR' })).toBeInTheDocument();
  });

  it('a checker who belongs to no inbox is told so', async () => {
    openCheckerView({}, { account: makeAccount(ACCOUNT, 'checker'), inboxes: [] });
    expect(await screen.findByRole('heading', { name: 'You are not a member of any inbox yet' })).toBeInTheDocument();
  });

  it('an inbox the user does not see answers a message, not an error page', async () => {
    const { server } = openCheckerView({}, { path: screenPath('checker-view/99/withdraw') });
    expect(await screen.findByRole('heading', { name: 'This inbox is not available to you' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show my inboxes' })).toHaveAttribute('href', screenPath());
    expect(server.calls.some((call) => call.path.includes('/withdraws'))).toBe(false);
  });
});

describe('checker view: the payments account', () => {
  it('S1-7.26 S1-9.25 withdraw and recharge calls go to account 1 while the current account is 2', async () => {
    const { server } = openCheckerView(
      {
        [`GET ${at(`recharges?${FIRST_PAGE}`, 1)}`]: listReply([makeRecord(1, 'recharge', { account_id: 1 })]),
        [`GET ${at(`withdraws?${FIRST_PAGE}`, 1)}`]: listReply([makeRecord(2, 'withdraw', { account_id: 1 })]),
      },
      { path: screenPath('checker-view', 2), account: makeAccount(2, 'administrator'), otherAccounts: [makeAccount(1, 'administrator')], paymentsAccountId: null },
    );
    expect(await screen.findByRole('table', { name: 'Recharges' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Withdrawals' }));
    expect(await screen.findByRole('table', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(server.called(`GET ${at(`recharges?${FIRST_PAGE}`, 1)}`)).toHaveLength(1);
    expect(server.called(`GET ${at(`withdraws?${FIRST_PAGE}`, 1)}`)).toHaveLength(1);
    expect(server.called(`GET ${at('inboxes', 1)}`)).toHaveLength(1);
    const payments = server.calls.filter((call) => /\/(withdraws|recharges)/.test(call.path));
    expect(payments.every((call) => call.path.startsWith('/api/v1/accounts/1/'))).toBe(true);
    expect(screen.getByText(/They are kept in Account 1, whichever account you are in\./)).toBeInTheDocument();
  });

  it('the payments account named by the global config is used instead of account 1', async () => {
    const { server } = openCheckerView(
      { [`GET ${at(`recharges?${FIRST_PAGE}`, 4)}`]: listReply([]) },
      { path: screenPath('checker-view', 2), account: makeAccount(2), otherAccounts: [makeAccount(4)], paymentsAccountId: 4 },
    );
    expect(await screen.findByRole('heading', { name: 'No recharges yet' })).toBeInTheDocument();
    expect(server.called(`GET ${at(`recharges?${FIRST_PAGE}`, 4)}`)).toHaveLength(1);
  });

  it('an unreadable global config means the default payments account, 1', async () => {
    const { server } = openCheckerView(
      { 'GET /api/v1/global_config': { status: 500, body: { error: 'boom' } }, [`GET ${at(`recharges?${FIRST_PAGE}`, 1)}`]: listReply([]) },
      { path: screenPath('checker-view', 2), account: makeAccount(2), otherAccounts: [makeAccount(1)], paymentsAccountId: null },
    );
    expect(await screen.findByRole('heading', { name: 'No recharges yet' })).toBeInTheDocument();
    expect(server.called(`GET ${at(`recharges?${FIRST_PAGE}`, 1)}`)).toHaveLength(1);
  });

  it('a user who is not a member of the payments account gets a clear message and no request', async () => {
    const { server } = openCheckerView({}, { path: screenPath('checker-view', 2), account: makeAccount(2, 'checker'), paymentsAccountId: null });
    expect(await screen.findByRole('heading', { name: 'Payments are kept in another account' })).toBeInTheDocument();
    expect(screen.getByText(/keeps withdrawals and recharges in account #1/)).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.startsWith('/api/v1/accounts/1/'))).toBe(false);
  });

  it('S1-2.78 a member whose role in the payments account lacks the permission is told so', async () => {
    const { server } = openCheckerView(
      {},
      { path: screenPath('checker-view', 2), account: makeAccount(2, 'checker'), otherAccounts: [makeAccount(1, 'agent', { custom_role: { id: 9, name: 'Billing', description: null, permissions: ['report_manage'] } })], paymentsAccountId: null },
    );
    expect(await screen.findByRole('heading', { name: 'You cannot see payments' })).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.startsWith('/api/v1/accounts/1/'))).toBe(false);
  });
});
