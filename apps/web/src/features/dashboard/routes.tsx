import type { RouteObject } from 'react-router';
import { named } from '../../lib/routing.ts';
import { DashboardPage } from './pages/dashboard-page.tsx';

/** Children of /app/accounts/:accountId inside the app shell. */
export const dashboardRoutes: RouteObject[] = [{ path: 'dashboard', element: <DashboardPage />, handle: named('home') }];
