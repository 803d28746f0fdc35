import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import type { AuditLog } from '../utils/describe-audit-log.ts';
import { AuditLogsPage } from './audit-logs-page.tsx';

const BASE = '/api/v1/accounts/7/audit_logs';
const PATH = '/app/accounts/7/settings/audit-logs/list';

const entry = (id: number, extra: Partial<AuditLog> = {}): AuditLog => ({
  id,
  account_id: 7,
  auditable_id: 3,
  auditable_type: 'Inbox',
  auditable_name: `Inbox ${id}`,
  associated_id: null,
  associated_type: null,
  user_id: 1,
  user_type: 'User',
  username: 'maya@example.com',
  user_name: 'Maya',
  action: 'update',
  audited_changes: { name: ['Old', `Inbox ${id}`] },
  remote_address: '192.0.2.1',
  request_uuid: `r${id}`,
  created_at: 1_760_000_000 - id * 60,
  ...extra,
});

const listPage = (page: number, total: number): Reply => {
  const first = (page - 1) * 15 + 1;
  const rows = Array.from({ length: Math.max(0, Math.min(15, total - first + 1)) }, (_, i) => entry(first + i));
  return { body: { audit_logs: rows, total_entries: total, per_page: 15, current_page: page } };
};

function openPage(handlers: Record<string, Reply>, path = PATH) {
  const server = fakeApi(handlers);
  const view = renderAccountScreen(<AuditLogsPage />, { path: PATH });
  if (path !== PATH) void view.router.navigate(path);
  return { server, ...view };
}

const table = () => screen.findByRole('table', { name: 'Audit log entries' });

describe('audit logs page', () => {
  it('S1-7.40 S1-3.40 S1-9.06 loads page 1 from GET audit_logs?page=1 and reads each entry as a sentence, with time and IP', async () => {
    const { server } = openPage({
      [`GET ${BASE}?page=1`]: {
        body: {
          audit_logs: [entry(1, { auditable_name: 'Website' }), entry(2, { action: 'sign_in', auditable_type: 'User', audited_changes: {}, remote_address: null })],
          total_entries: 2,
          per_page: 15,
          current_page: 1,
        },
      },
    });
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(server.called(`GET ${BASE}?page=1`)).toHaveLength(1);
    expect(within(rows[0]!).getByText('Maya updated inbox Website')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Changed: name')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('192.0.2.1')).toBeInTheDocument();
    expect(rows[0]!.querySelector('time')).toHaveAttribute('datetime', new Date((1_760_000_000 - 60) * 1000).toISOString());
    expect(within(rows[1]!).getByText('Maya signed in')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('S1-9.05 pages 15 at a time: next asks for page 2 and puts it in the URL; first goes back', async () => {
    const { server, router } = openPage({ [`GET ${BASE}?page=1`]: listPage(1, 32), [`GET ${BASE}?page=2`]: listPage(2, 32), [`GET ${BASE}?page=3`]: listPage(3, 32) });
    expect(within(await table()).getAllByRole('row')).toHaveLength(16);
    expect(screen.getByText('1–15 of 32')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('16–30 of 32')).toBeInTheDocument();
    expect(server.called(`GET ${BASE}?page=2`)).toHaveLength(1);
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('31–32 of 32')).toBeInTheDocument();
    expect(within(await table()).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('1–15 of 32')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens the page named in the URL, and a page past the end moves to the last one', async () => {
    const { router } = openPage({ [`GET ${BASE}?page=1`]: listPage(1, 20), [`GET ${BASE}?page=9`]: listPage(9, 20), [`GET ${BASE}?page=2`]: listPage(2, 20) }, `${PATH}?page=9`);
    expect(await screen.findByText('16–20 of 20')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('shows the empty state when nothing is recorded', async () => {
    openPage({ [`GET ${BASE}?page=1`]: listPage(1, 0) });
    expect(await screen.findByRole('heading', { name: 'Nothing recorded yet' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Audit log pages' })).toBeNull();
  });

  it('S0-6.39 says so when the account has the audit_logs feature off', async () => {
    openPage({ [`GET ${BASE}?page=1`]: { status: 403, body: { error: 'The audit_logs feature is not enabled for this account.', error_code: 'feature_disabled' } } });
    expect(await screen.findByText('Audit logs are not enabled for this account.')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    openPage({ [`GET ${BASE}?page=1`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('We could not load this page.')).toBeInTheDocument();
  });
});
