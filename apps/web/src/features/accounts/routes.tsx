import type { RouteObject } from 'react-router';
import { named } from '../../lib/routing.ts';
import { SuspendedPage } from './pages/suspended-page.tsx';

/** Children of /app/accounts/:accountId shown without the app shell. */
export const accountRoutes: RouteObject[] = [{ path: 'suspended', element: <SuspendedPage />, handle: named('account_suspended') }];
