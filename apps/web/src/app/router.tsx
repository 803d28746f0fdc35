import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/index.ts';
import { accountRoutes } from '../features/accounts/index.ts';
import { conversationRoutes } from '../features/conversations/index.ts';
import { profileRoutes } from '../features/profile/index.ts';
import { AccountLayout, HomeRedirect } from './account-layout.tsx';
import { AppRoot } from './app-root.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { AppShell } from './shell/app-shell.tsx';

/**
 * Every route lives under /app (000 section 2); account routes under /app/accounts/:accountId, where the
 * guard runs. Each feature brings its own route objects; account routes name themselves in `handle`.
 */
export const routes: RouteObject[] = [
  {
    path: '/app',
    element: <AppRoot />,
    children: [
      { index: true, element: <HomeRedirect /> },
      ...authRoutes,
      {
        path: 'accounts/:accountId',
        element: <AccountLayout />,
        children: [
          // A route without a name: the guard sends it on to the dashboard.
          { index: true, element: null },
          ...accountRoutes,
          { element: <AppShell />, children: [...conversationRoutes, ...profileRoutes] },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/', element: <Navigate to="/app" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export const createRouter = () => createBrowserRouter(routes);
