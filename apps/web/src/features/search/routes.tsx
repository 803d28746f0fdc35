import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Its own chunk (with its strings): neither the login screen nor the workspace downloads the search page.
const SearchPage = lazy(() => import('./pages/search-page.tsx').then((module) => ({ default: module.SearchPage })));

/** search?q=&tab=&page= (issue 13): a child of /app/accounts/:accountId inside the app shell. */
export const searchRoutes: RouteObject[] = [
  {
    path: 'search',
    element: (
      <LazyScreen>
        <SearchPage />
      </LazyScreen>
    ),
    handle: named('search'),
  },
];
