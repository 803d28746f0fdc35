import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { shellApi } from '../../app/shell/shell-test-utils.tsx';
import { storeSession } from '../../lib/session.ts';
import { customRole, makeAccount, makeInbox, makeUser, sessionHeaders } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { listReply, makeRecord } from './testing/checker-view-testing.tsx';

const withdraws = 'GET /api/v1/accounts/7/withdraws?inbox_id=3&page=1&per_page=25';

function openAs(permissions: Parameters<typeof customRole>[0], path: string) {
  storeSession(new Headers(sessionHeaders()));
  const user = makeUser({ accounts: [makeAccount(7, 'agent', { custom_role: customRole(permissions) })] });
  const server = shellApi(user, {
    'GET /api/v1/global_config': { body: { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: false, payments_account_id: 7 } },
    'GET /api/v1/accounts/7/inboxes': { body: { payload: [makeInbox(3, 'WhatsApp Payments')] } },
    [withdraws]: listReply([makeRecord(1, 'withdraw', { status: 'success' })]),
  });
  return { server, ...renderApp(path) };
}

describe('checker view route in the app', () => {
  it('S1-2.76 S1-2.78 a custom role with checker_view_manage opens checker-view/{inboxId}/{tab}, a lazy screen', async () => {
    const { router } = openAs(['checker_view_manage'], '/app/accounts/7/checker-view/3/withdraw');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checker view' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)!.route.handle).toEqual({ route: 'checker_view' });
    expect(router.state.matches.at(-1)!.params).toMatchObject({ inboxId: '3', tab: 'withdraw' });
  });

  it('S1-2.78 a custom role without checker_view_manage cannot open it', async () => {
    const { router, server } = openAs(['conversation_manage'], '/app/accounts/7/checker-view/3/withdraw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard'), { timeout: 5000 });
    expect(server.called(withdraws)).toHaveLength(0);
  });
});
