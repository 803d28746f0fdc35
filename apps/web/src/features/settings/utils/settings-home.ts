import type { AccessToken } from '@app/shared/permissions';
import type { UserAccount } from '@app/shared/users';
import { mayOpen, type RouteRegistry } from '../../../lib/route-registry.ts';
import { SETTINGS_ITEMS } from '../../../app/shell/sidebar/nav-model.ts';

const GENERAL = { route: 'general_settings_index', path: 'settings/general' } as const;
const CANNED = { route: 'canned_list', path: 'settings/canned-response/list' } as const;

/**
 * Where `settings` leads (001 section 2): general settings for an administrator without a custom role;
 * everyone else (administrators with a custom role, agents, checkers, custom roles) to the canned responses.
 * While that screen is not in the router (`registry`), the first settings screen of the menu the user may
 * open, else the dashboard (where the guard sends on whoever may not open it).
 */
export function settingsHomePath(account: Pick<UserAccount, 'role' | 'custom_role_id'> & { permissions: readonly AccessToken[] }, registry: RouteRegistry): string {
  const target = account.role === 'administrator' && account.custom_role_id === null ? GENERAL : CANNED;
  if (registry.has(target.route)) return target.path;
  return SETTINGS_ITEMS.find((item) => mayOpen(account.permissions, registry, item.route))?.path ?? 'dashboard';
}
