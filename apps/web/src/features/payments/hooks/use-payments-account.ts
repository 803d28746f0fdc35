import { canAccess } from '@app/shared/permissions';
import { DEFAULT_PAYMENTS_ACCOUNT_ID } from '@app/shared/payments-constants';
import type { UserAccount } from '@app/shared/users';
import { useGlobalConfig } from '../../../app/shell/api.ts';
import { useCurrentAccount } from '../../auth/index.ts';

export type PaymentsAccess = {
  /** The account every checker-view call goes to. */
  accountId: number;
  /** The user's membership there; null when they are not a member (the view explains instead of failing). */
  membership: UserAccount | null;
  /** Whether /cable can bring this account's events: the realtime connection is the current account's. */
  live: boolean;
  canRead: boolean;
  canUpdate: boolean;
  canImport: boolean;
  canManageIssues: boolean;
  isAdministrator: boolean;
};

/**
 * The payments account (S1-7.26, S1-9.25): `payments_account_id` of the public global config, account 1 when
 * the installation names none or the config cannot be read. What the user may do there follows their role
 * in that account, not in the current one. Undefined while the config loads.
 */
export function usePaymentsAccount(): PaymentsAccess | undefined {
  const { user, account } = useCurrentAccount();
  const config = useGlobalConfig();
  if (config.isPending) return undefined;
  const accountId = config.data?.payments_account_id ?? DEFAULT_PAYMENTS_ACCOUNT_ID;
  const membership = user.accounts.find((entry) => entry.id === accountId) ?? null;
  const may = (route: Parameters<typeof canAccess>[1]) => membership !== null && canAccess(membership.permissions, route);
  return {
    accountId,
    membership,
    live: accountId === account.id,
    canRead: may('api:payments.index'),
    canUpdate: may('api:payments.update'),
    canImport: may('api:payments.import'),
    canManageIssues: may('api:withdraw_issues.manage'),
    isAdministrator: membership?.role === 'administrator',
  };
}
