import { useCurrentAccount } from '../../features/auth/index.ts';
import { useRouteRegistry } from '../../lib/route-registry.ts';
import { useAccount, useGlobalConfig } from './api.ts';
import type { NavContext } from './sidebar/nav-model.ts';

/**
 * Whether this installation is custom-branded (000 section 1): no setting publishes it yet (global_config has
 * no branding field), so installs are treated as not custom-branded: the docs link and the help center show.
 */
export const CUSTOM_BRANDED = false;

/** The user's entry in the URL's account, the account's feature flags, the installation's flags and the routes with a screen. */
export function useNavContext(): NavContext {
  const { account } = useCurrentAccount();
  const details = useAccount(account.id);
  const config = useGlobalConfig();
  const registry = useRouteRegistry();
  return {
    role: account.role,
    permissions: account.permissions,
    features: details.data?.features ?? null,
    deployment: config.data?.deployment ?? 'self_hosted',
    customBranded: CUSTOM_BRANDED,
    agentBotsEnabled: config.data?.agent_bots_enabled ?? false,
    registry,
  };
}
