import type { RouteObject } from 'react-router';
import { named } from '../../lib/routing.ts';
import { ProfileSettingsPage } from './pages/profile-settings-page.tsx';

/** Children of /app/accounts/:accountId inside the app shell. */
export const profileRoutes: RouteObject[] = [{ path: 'profile/settings', element: <ProfileSettingsPage />, handle: named('profile_settings_index') }];
