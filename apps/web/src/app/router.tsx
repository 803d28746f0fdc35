import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { ResetRequestPage } from '../features/auth/pages/reset-request-page.tsx';
import { PasswordEditPage } from '../features/auth/pages/password-edit-page.tsx';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page.tsx';
import { SuspendedPage } from '../features/accounts/pages/suspended-page.tsx';
import { AccountLayout, HomeRedirect, type RouteHandle } from './account-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

const handle = (route: RouteHandle['route']): RouteHandle => ({ route });

export const routes: RouteObject[] = [
  { path: '/app', element: <HomeRedirect /> },
  { path: '/app/login', element: <LoginPage /> },
  { path: '/app/auth/reset/password', element: <ResetRequestPage /> },
  { path: '/app/auth/password/edit', element: <PasswordEditPage /> },
  {
    path: '/app/accounts/:accountId',
    element: <AccountLayout />,
    children: [
      // A route without a name: the guard sends it to the dashboard.
      { index: true, element: null },
      { path: 'dashboard', element: <DashboardPage />, handle: handle('home') },
      { path: 'suspended', element: <SuspendedPage />, handle: handle('account_suspended') },
      { path: '*', element: <NotFoundPage />, handle: handle('home') },
    ],
  },
  { path: '/', element: <Navigate to="/app" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export const createRouter = () => createBrowserRouter(routes);
