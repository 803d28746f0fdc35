import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { WithdrawIssue } from '@app/shared/payments';
import { cableBus } from '../../../lib/realtime/cable-bus.ts';
import { ACCOUNT, at, makeIssue, makeRecord, openCheckerView, screenPath } from '../testing/checker-view-testing.tsx';

const issueList = (issues: WithdrawIssue[], count = issues.length) => ({ body: { meta: { current_page: 1, per_page: 25, count }, payload: issues } });
const OPEN = `GET ${at('withdraw_issues?inbox_id=3&status=open&page=1')}`;
const path = screenPath('checker-view/3/issues');

describe('issues tab', () => {
  it('lists open issues with the order, its withdrawal, the conversation link and who raised it', async () => {
    openCheckerView({ [OPEN]: issueList([makeIssue(1, { withdraw: makeRecord(8, 'withdraw', { status: 'success' }) }), makeIssue(2)]) }, { path });
    const rows = within(await screen.findByRole('table', { name: 'Withdraw issues' })).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('WD-1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Withdrawal: Successful')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Customer says payout 1 never arrived')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Conversation #41' })).toHaveAttribute('href', `/app/accounts/${ACCOUNT}/conversations/41`);
    expect(within(rows[0]!).getByText('by Arjun')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No withdrawal with this order id')).toBeInTheDocument();
  });

  it('the status filter asks for resolved or all issues and keeps it in the URL', async () => {
    const { server, router } = openCheckerView(
      {
        [OPEN]: issueList([makeIssue(1)]),
        [`GET ${at('withdraw_issues?inbox_id=3&status=resolved&page=1')}`]: issueList([makeIssue(2, { status: 'resolved', resolved_by: { id: 1, name: 'Jane Doe' }, resolution_note: 'Refunded' })]),
        [`GET ${at('withdraw_issues?inbox_id=3&page=1')}`]: issueList([]),
      },
      { path },
    );
    await screen.findByRole('table', { name: 'Withdraw issues' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Issue status' }), 'Resolved');
    expect(await screen.findByText('Resolved by Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=resolved');
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Issue status' }), 'All issues');
    expect(await screen.findByRole('heading', { name: 'No withdraw issues' })).toBeInTheDocument();
    expect(server.called(`GET ${at('withdraw_issues?inbox_id=3&page=1')}`)).toHaveLength(1);
  });

  it('resolving asks for a note and PATCHes status and resolution_note; the list refetches', async () => {
    const patch = `PATCH ${at('withdraw_issues/1')}`;
    const { server } = openCheckerView({ [OPEN]: issueList([makeIssue(1)]), [patch]: { body: { payload: makeIssue(1, { status: 'resolved' }) } } }, { path });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the issue of order WD-1?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Refunded to the customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('The issue of order WD-1 is resolved.')).toBeInTheDocument();
    expect(server.called(patch)[0]!.body).toEqual({ status: 'resolved', resolution_note: 'Refunded to the customer' });
    await waitFor(() => expect(server.called(OPEN)).toHaveLength(2));
  });

  it('a refused change is said in the dialog', async () => {
    openCheckerView({ [OPEN]: issueList([makeIssue(1)]), [`PATCH ${at('withdraw_issues/1')}`]: { status: 404, body: { error: 'Resource could not be found' } } }, { path });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the issue of order WD-1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Resource could not be found');
  });

  it('withdraw_issue.created refreshes the list', async () => {
    let issues = [makeIssue(1)];
    openCheckerView({ [OPEN]: () => issueList(issues) }, { path });
    await screen.findByText('WD-1');
    issues = [makeIssue(2), makeIssue(1)];
    act(() => cableBus.emitEvent({ event: 'withdraw_issue.created', data: makeIssue(2), seq: 3 }));
    expect(await screen.findByText('WD-2')).toBeInTheDocument();
  });

  it('shows the empty state for open issues', async () => {
    openCheckerView({ [OPEN]: issueList([]) }, { path });
    expect(await screen.findByRole('heading', { name: 'No open issues' })).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    openCheckerView({ [OPEN]: () => (fail ? { status: 400, body: { error: 'bad' } } : issueList([makeIssue(1)])) }, { path });
    expect(await screen.findByText('We could not load the withdraw issues.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('WD-1')).toBeInTheDocument();
  });
});
