import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { sessionKeys } from '../auth/index.ts';

/** POST /api/v1/accounts: the answer is the user, whose active account_id is the new account. */
export function useCreateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (accountName: string) =>
      (await api('/api/v1/accounts', { method: 'POST', body: { account_name: accountName }, schema: () => import('@app/shared/auth').then((m) => m.SignInResponseSchema) })).data,
    // The user now has one more account: the guard must know it before the app opens the new dashboard.
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}

/** PUT /api/v1/profile/set_active_account (000 section 7). */
export function useSetActiveAccount() {
  return useMutation({
    mutationFn: (accountId: number) =>
      api('/api/v1/profile/set_active_account', { method: 'PUT', body: { profile: { account_id: accountId } }, schema: () => import('@app/shared/users').then((m) => m.CurrentUserSchema) }),
  });
}
