import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { named } from '../../lib/routing.ts';
import { LazyScreen } from '../../components/lazy-screen.tsx';

// Its own chunk: the login screen and the conversation workspace never download the profile screen.
const ProfileSettingsPage = lazy(() => import('./pages/profile-settings-page.tsx').then((module) => ({ default: module.ProfileSettingsPage })));

/** Children of /app/accounts/:accountId inside the app shell. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile/settings',
    element: (
      <LazyScreen>
        <ProfileSettingsPage />
      </LazyScreen>
    ),
    handle: named('profile_settings_index'),
  },
];
