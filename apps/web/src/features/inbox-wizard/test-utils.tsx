import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { FeatureFlag } from '@app/shared/constants';
import { makeAccountDetails } from '../../app/shell/shell-test-utils.tsx';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { fakeApi, type Call, type Reply } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { named } from '../../lib/routing.ts';
import { CurrentAccountContext } from '../auth/index.ts';
import { inboxWizardRoutes } from './routes.tsx';

export const ACCOUNT = 7;
export const api = (rest: string) => `/api/v1/accounts/${ACCOUNT}/${rest}`;
export const wizardPath = (rest = '') => `/app/accounts/${ACCOUNT}/settings/inboxes/new${rest ? `/${rest}` : ''}`;

type Handlers = Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)>;
type Options = { oauth?: Partial<Record<'google' | 'microsoft' | 'twitter' | 'facebook', boolean>>; deployment?: 'self_hosted' | 'cloud'; off?: FeatureFlag[]; facebookAppId?: string };

/**
 * The wizard's routes at `path` for an administrator of account 7, without the shell: a fake API answering
 * the installation config and the account, plus `handlers`. Other account routes render a stand-in.
 */
export function renderWizard(path: string, handlers: Handlers = {}, options: Options = {}) {
  const server = fakeApi({
    'GET /api/v1/global_config': {
      body: {
        agent_bots_enabled: true,
        deployment: options.deployment ?? 'self_hosted',
        create_new_account_from_dashboard: false,
        enable_account_signup: false,
        oauth_providers: { google: false, microsoft: false, twitter: false, facebook: false, ...options.oauth },
        ...(options.facebookAppId ? { facebook_app_id: options.facebookAppId } : {}),
      },
    },
    [`GET /api/v1/accounts/${ACCOUNT}`]: { body: makeAccountDetails(ACCOUNT, { off: options.off ?? [] }) },
    ...handlers,
  });
  const user = makeUser();
  const router = createMemoryRouter(
    [
      {
        path: '/app/accounts/:accountId',
        element: (
          <CurrentAccountContext.Provider value={{ user, account: user.accounts[0]! }}>
            <Outlet />
          </CurrentAccountContext.Provider>
        ),
        children: [
          ...inboxWizardRoutes,
          { path: 'settings/inboxes/list', handle: named('settings_inbox_list'), element: <p data-testid="screen">inbox list</p> },
          { path: '*', element: <p data-testid="screen">elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { server, router, ...view };
}

/** Where the router is now, relative to the account. */
export const locationOf = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname.replace(`/app/accounts/${ACCOUNT}/`, '');

/** The wizard's chunks load lazily: the first screen may take a moment in a cold test file. */
export const findForm = (name: string | RegExp) => screen.findByRole('form', { name }, { timeout: 5000 });
