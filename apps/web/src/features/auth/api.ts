import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@app/shared/users';
import { api, apiRequest } from '../../lib/api-client.ts';
import { forgetAccountCaches } from '../../lib/local-data.ts';
import { beginSignOut, clearSession, hasSession, storeSession } from '../../lib/session.ts';

// The login screen's chunk: the answers' schemas are imported only when a development build checks them.
const authSchemas = () => import('@app/shared/auth');
const profileSchemas = () => import('@app/shared/profile');

/** Query keys of the signed-in session. */
export const sessionKeys = { all: ['session'] as const, currentUser: () => [...sessionKeys.all, 'current-user'] as const };

/** The signed-in user; fetched (GET /auth/validate_token) only when a session cookie is present (000 section 7). */
export function useCurrentUser() {
  return useQuery({
    queryKey: sessionKeys.currentUser(),
    enabled: hasSession(),
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<CurrentUser> =>
      (await api('/auth/validate_token', { schema: () => authSchemas().then((m) => m.ValidateTokenResponseSchema), signal })).payload.data,
  });
}

/** Sign-in and set-password both answer the user plus the session headers, which the session cookie keeps. */
async function startSession(path: string, method: 'POST' | 'PUT', body: unknown): Promise<CurrentUser> {
  const { data, headers } = await apiRequest(path, { method, body, schema: () => authSchemas().then((m) => m.SignInResponseSchema) });
  storeSession(headers);
  return data.data;
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => startSession('/auth/sign_in', 'POST', input),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}

/** DELETE /auth/sign_out, then the session is forgotten here whatever the server said (000 section 7). */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      beginSignOut();
      return api('/auth/sign_out', { method: 'DELETE', schema: () => authSchemas().then((m) => m.SuccessSchema) }).catch(() => undefined);
    },
    onSettled: () => {
      const user = client.getQueryData<CurrentUser>(sessionKeys.currentUser());
      clearSession();
      client.clear();
      void forgetAccountCaches(user?.accounts.map((account) => account.id) ?? []);
    },
  });
}

/** POST /auth/password: the answer is the same whether or not the email exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api('/auth/password', {
        method: 'POST',
        body: { email, redirect_url: `${window.location.origin}/app/auth/password/edit` },
        schema: () => authSchemas().then((m) => m.PasswordResetRequestResponseSchema),
      }),
  });
}

/** PUT /auth/password with a mailed token: sets the password and signs the user in. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { reset_password_token: string; password: string; password_confirmation: string }) =>
      startSession('/auth/password', 'PUT', input),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api('/api/v1/profile/resend_confirmation', { method: 'POST', schema: () => profileSchemas().then((m) => m.ResendConfirmationResponseSchema) }),
  });
}
