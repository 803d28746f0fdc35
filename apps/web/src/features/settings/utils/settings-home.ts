import type { UserAccount } from '@app/shared/users';

/**
 * Where `settings` leads (001 section 2): general settings for an administrator without a custom role;
 * everyone else (administrators with a custom role, agents, checkers, custom roles) to the canned responses.
 */
export function settingsHomePath(account: Pick<UserAccount, 'role' | 'custom_role_id'>): string {
  return account.role === 'administrator' && account.custom_role_id === null ? 'settings/general' : 'settings/canned-response/list';
}
