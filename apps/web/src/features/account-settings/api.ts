import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountSchema, type Account } from '@app/shared/accounts';
import { CheckoutResponseSchema } from '@app/shared/billing';
import type { CurrentUser } from '@app/shared/users';
import { shellKeys } from '../../app/shell/api.ts';
import { api } from '../../lib/api-client.ts';
import { sessionKeys } from '../auth/index.ts';

// The account itself, the limits and the installation flags are the shell's queries (one cache for the
// sidebar, the banners and these screens).
export { useAccount, useGlobalConfig, useLimits } from '../../app/shell/api.ts';

/** The fields of PATCH /api/v1/accounts/{id} these screens send (wrapped under `account`). */
export type AccountChanges = {
  name?: string;
  locale?: string;
  auto_resolve_after?: number | null;
  auto_resolve_message?: string | null;
  auto_resolve_ignore_waiting?: boolean;
};

/**
 * The cache takes the saved account; the user's entry for it takes the new name and locale, so the shell shows
 * the name and the account layout switches the interface language (and its direction) at once.
 */
function useKeepAccount(accountId: number) {
  const client = useQueryClient();
  return (account: Account) => {
    client.setQueryData(shellKeys.account(accountId), account);
    client.setQueryData<CurrentUser>(sessionKeys.currentUser(), (user) =>
      user ? { ...user, accounts: user.accounts.map((entry) => (entry.id === accountId ? { ...entry, name: account.name, locale: account.locale } : entry)) } : user,
    );
  };
}

/** PATCH /api/v1/accounts/{id} (administrators). */
export function useUpdateAccount(accountId: number) {
  const keep = useKeepAccount(accountId);
  return useMutation({
    mutationFn: (changes: AccountChanges) => api(`/api/v1/accounts/${accountId}`, { method: 'PATCH', body: { account: changes }, schema: AccountSchema }),
    onSuccess: keep,
  });
}

const enterprise = (accountId: number, rest: string) => `/enterprise/api/v1/accounts/${accountId}/${rest}`;

/** POST …/subscription (001 section 7): an account without a plan starts on the free one; answers the account. */
export function useStartSubscription(accountId: number) {
  const keep = useKeepAccount(accountId);
  return useMutation({
    mutationFn: () => api(enterprise(accountId, 'subscription'), { method: 'POST', schema: AccountSchema }),
    onSuccess: keep,
  });
}

/** POST …/checkout (001 section 7): answers redirect_url, where the browser goes next. */
export function useCheckout(accountId: number) {
  return useMutation({
    mutationFn: async () => (await api(enterprise(accountId, 'checkout'), { method: 'POST', schema: CheckoutResponseSchema })).redirect_url,
  });
}
