import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { UserAccount } from '@app/shared/users';
import { Providers } from '../app/providers.tsx';
import { CurrentAccountContext } from '../features/auth/index.ts';
import { makeAccount, makeUser } from './fixtures.ts';

/**
 * One account screen at `path` (under /app/accounts/7/, a query string allowed) as the account layout would show
 * it: the current-account context of `account` (administrator of account 7 "Northwind" by default), the providers,
 * stand-in routes (`extraRoutes`, given the same context) and a query client that does not retry, so error states
 * show at once. Other paths render "elsewhere". `otherAccounts`: the user's memberships besides `account`;
 * `route`: the screen's route pattern when it has parameters (`/app/accounts/:accountId/x/:id?`).
 */
export function renderAccountScreen(
  element: ReactElement,
  {
    path,
    account = makeAccount(7, 'administrator', { name: 'Northwind' }),
    extraRoutes = [],
    otherAccounts = [],
    route = path.split('?')[0]!,
  }: { path: string; account?: UserAccount; extraRoutes?: RouteObject[]; otherAccounts?: UserAccount[]; route?: string },
) {
  const user = makeUser({ accounts: [account, ...otherAccounts] });
  const wrap = (child: ReactElement) => <CurrentAccountContext.Provider value={{ user, account }}>{child}</CurrentAccountContext.Provider>;
  const router = createMemoryRouter(
    [
      { path: route, element: wrap(element) },
      ...extraRoutes.map((route) => ({ ...route, element: route.element ? wrap(route.element as ReactElement) : route.element })),
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, ...view };
}
