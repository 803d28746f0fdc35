import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SignInResponseSchema, ValidateTokenResponseSchema } from '@app/shared/auth';
import type { CurrentUser } from '@app/shared/users';
import { api, apiRequest } from '../../lib/api-client.ts';
import { clearSession, hasSession, storeSession } from '../../lib/session.ts';

export const sessionKeys = { currentUser: ['session', 'current-user'] as const };

/** The signed-in user; fetched only when a session cookie is present (000 section 7). */
export function useCurrentUser() {
  return useQuery({
    queryKey: sessionKeys.currentUser,
    enabled: hasSession(),
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<CurrentUser> => (await api('/auth/validate_token', { schema: ValidateTokenResponseSchema })).payload.data as CurrentUser,
  });
}

async function signInWith(path: string, method: 'POST' | 'PUT', body: unknown): Promise<CurrentUser> {
  const { data, headers } = await apiRequest(path, { method, body, schema: SignInResponseSchema });
  storeSession(headers);
  return (data as { data: CurrentUser }).data;
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => signInWith('/auth/sign_in', 'POST', input),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser, user),
  });
}

/** Ends the session on the server, then forgets it here whatever the server said. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/auth/sign_out', { method: 'DELETE' }).catch(() => undefined),
    onSettled: () => {
      clearSession();
      client.clear();
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api('/auth/password', { method: 'POST', body: { email, redirect_url: `${window.location.origin}/app/auth/password/edit` } }),
  });
}

export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { reset_password_token: string; password: string; password_confirmation: string }) =>
      signInWith('/auth/password', 'PUT', input),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser, user),
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: () => api('/api/v1/profile/resend_confirmation', { method: 'POST' }) });
}
