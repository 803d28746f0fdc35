import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { CurrentAccountContext } from '../features/auth/index.ts';
import { makeAccount, makeUser } from './fixtures.ts';
import { renderWithRouter } from './render-app.tsx';

/**
 * One account screen at `path` with the current-account context an administrator of account 7 would have,
 * among stand-in routes (`extraRoutes`), without the app shell.
 */
export function renderAccountScreen(element: ReactElement, { path, extraRoutes = [] }: { path: string; extraRoutes?: RouteObject[] }) {
  const user = makeUser();
  const account = makeAccount(7, 'administrator', { name: 'Northwind' });
  const wrap = (child: ReactElement) => <CurrentAccountContext.Provider value={{ user, account }}>{child}</CurrentAccountContext.Provider>;
  return renderWithRouter(wrap(element), { path, extraRoutes: extraRoutes.map((route) => ({ ...route, element: route.element ? wrap(route.element as ReactElement) : route.element })) });
}
