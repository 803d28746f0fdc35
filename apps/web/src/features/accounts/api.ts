import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@app/shared/users';
import { api } from '../../lib/api-client.ts';

export function useCreateAccount() {
  return useMutation({
    mutationFn: async (accountName: string) =>
      (await api<{ data: CurrentUser }>('/api/v1/accounts', { method: 'POST', body: { account_name: accountName } })).data,
  });
}

export function useSetActiveAccount() {
  return useMutation({
    mutationFn: (accountId: number) => api('/api/v1/profile/set_active_account', { method: 'PUT', body: { profile: { account_id: accountId } } }),
  });
}
