import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { resolveFeatures, type Account } from '@app/shared/accounts';
import type { FeatureFlag } from '@app/shared/constants';
import type { CurrentUser } from '@app/shared/users';
import { storeSession } from '../../lib/session.ts';
import { named } from '../../lib/routing.ts';
import { EVERY_ROUTE, type RouteRegistry } from '../../lib/route-registry.ts';
import { fakeCable } from '../../lib/realtime/fake-cable.ts';
import { fakeApi, type Reply } from '../../test/fake-api.ts';
import { makeUser, sessionHeaders } from '../../test/fixtures.ts';
import { AccountLayout } from '../account-layout.tsx';
import { AppRoot } from '../app-root.tsx';
import { createQueryClient, Providers } from '../providers.tsx';
import { AppShell } from './app-shell.tsx';

/** GET /api/v1/accounts/:id as the API answers it; `off` lists flags turned off. */
export function makeAccountDetails(id = 7, { off = [] as FeatureFlag[], ...extra }: Partial<Account> & { off?: FeatureFlag[] } = {}): Account {
  return {
    id,
    name: 'Northwind',
    locale: 'en',
    domain: null,
    support_email: null,
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    features: resolveFeatures(Object.fromEntries(off.map((flag) => [flag, false]))),
    custom_attributes: {},
    settings: {},
    cache_keys: { label: 1, inbox: 1, team: 1 },
    latest_chatwoot_version: '1.0.0',
    ...extra,
  };
}

export { makeInbox } from '../../test/fixtures.ts';

const at = (accountId: number, rest: string) => `/api/v1/accounts/${accountId}/${rest}`;

/** The answers the shell asks for, for account 7; `overrides` replace or add routes. */
export function shellApi(user: CurrentUser = makeUser(), overrides: Record<string, Reply | ((call: never) => Reply)> = {}) {
  const id = user.accounts[0]!.id;
  return fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: user } } },
    'GET /api/v1/global_config': {
      body: { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: false, enable_account_signup: false, oauth_providers: {}, payments_account_id: id },
    },
    'GET /api': { body: { version: '1.0.0', timestamp: '', queue_services: 'embedded', data_services: 'ok' } },
    [`GET /api/v1/accounts/${id}`]: { body: makeAccountDetails(id) },
    [`GET ${at(id, 'inboxes')}`]: { body: { payload: [] } },
    [`GET ${at(id, 'inboxes/open_conversations_count')}`]: { body: { payload: [] } },
    [`GET ${at(id, 'teams')}`]: { body: [] },
    [`GET ${at(id, 'labels')}`]: { body: { payload: [] } },
    [`GET ${at(id, 'custom_filters?filter_type=conversation')}`]: { body: [] },
    [`GET ${at(id, 'custom_filters?filter_type=contact')}`]: { body: [] },
    [`GET ${at(id, 'notifications/unread_count')}`]: { body: 0 },
    ...(overrides as Record<string, Reply>),
  });
}

const page = (text: string) => <p data-testid="screen">{text}</p>;

/** Stand-in screens inside the shell, named like the real routes (the guard needs the names). */
const SCREENS: RouteObject[] = [
  { path: 'dashboard', element: page('conversations'), handle: named('home') },
  { path: 'mentions/conversations', element: page('mentions'), handle: named('conversation_mentions') },
  { path: 'inbox/:inboxId', element: page('inbox'), handle: named('inbox_dashboard') },
  { path: 'profile/settings', element: page('profile settings'), handle: named('profile_settings_index') },
  { path: 'contacts', element: page('contacts'), handle: named('contacts_dashboard') },
  { path: 'reports/overview', element: page('reports overview'), handle: named('account_overview_reports') },
  { path: 'reports/csat', element: page('csat reports'), handle: named('csat_reports') },
  { path: 'settings/general', element: page('general settings'), handle: named('general_settings_index') },
  { path: 'settings/macros', element: page('macros'), handle: named('macros_wrapper') },
  { path: 'settings/teams/new', element: page('new team'), handle: named('settings_teams_new') },
  { path: 'settings/inboxes/:inboxId', element: page('inbox settings'), handle: named('settings_inbox_show') },
  { path: 'checker-view', element: page('checker view'), handle: named('checker_view') },
  { path: 'conversation-summaries', element: page('conversation summaries'), handle: named('conversation_summaries') },
  { path: 'notifications', element: page('notifications'), handle: named('notifications_index') },
];

/**
 * The shell around stand-in screens at `path`, signed in, with a fake /cable (the global WebSocket is
 * replaced, so the shell's own RealtimeProvider uses it). `registry`: the routes that have a screen, by
 * default every route of the spec (the full navigation model); pass fewer to see entries hide.
 */
export function renderShell(path = '/app/accounts/7/dashboard', { registry = EVERY_ROUTE }: { registry?: RouteRegistry } = {}) {
  storeSession(new Headers(sessionHeaders()));
  const cable = fakeCable();
  vi.stubGlobal(
    'WebSocket',
    vi.fn(function (url: string) {
      return cable.factory(url);
    }),
  );
  const routes: RouteObject[] = [
    {
      path: '/app',
      element: <AppRoot />,
      children: [
        { path: 'login', element: page('login') },
        { path: 'accounts/:accountId', element: <AccountLayout registry={registry} />, children: [{ element: <AppShell />, children: SCREENS }] },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, cable, ...view };
}

/** Waits for the shell to be up (the rail is there). */
export const shellReady = () => screen.findByRole('navigation', { name: 'Main navigation' });
