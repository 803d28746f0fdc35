import type { RouteObject } from 'react-router';
import { LoginPage } from './pages/login-page.tsx';
import { PasswordEditPage } from './pages/password-edit-page.tsx';
import { ResetRequestPage } from './pages/reset-request-page.tsx';

/** The signed-out screens, outside the account guard. */
export const authRoutes: RouteObject[] = [
  { path: '/app/login', element: <LoginPage /> },
  { path: '/app/auth/reset/password', element: <ResetRequestPage /> },
  { path: '/app/auth/password/edit', element: <PasswordEditPage /> },
];
