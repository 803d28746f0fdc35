import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UiSettings } from '@app/shared/users';
import { api, apiRequest } from '../../lib/api-client.ts';
import { readSession, storeSession } from '../../lib/session.ts';
import { sessionKeys } from '../auth/index.ts';

// Answers are checked against their schemas in development only: the schemas (and zod) are loaded on demand, so
// the shell's browser-push registration, which uses this module, ships neither (lib/api-client.ts).
const CurrentUserSchema = () => import('@app/shared/users').then((m) => m.CurrentUserSchema);
const NotificationSettingsSchema = () => import('@app/shared/notifications').then((m) => m.NotificationSettingsSchema);
const NotificationSubscriptionSchema = () => import('@app/shared/notification-subscriptions').then((m) => m.NotificationSubscriptionSchema);

const PROFILE_PATH = '/api/v1/profile';

/** The JSON fields of PUT /api/v1/profile this page sends (000 sections 3 and 7); ui_settings are merged key by key. */
export type ProfileChanges = {
  name?: string;
  display_name?: string | null;
  email?: string;
  message_signature?: string | null;
  current_password?: string;
  password?: string;
  password_confirmation?: string;
  ui_settings?: UiSettings;
};

/** Sessions are found by uid (the email): after an email change the server answers the new one, and the cookie keeps it. */
function keepUid(headers: Headers): void {
  const uid = headers.get('uid');
  const session = readSession();
  if (uid && session && session.uid !== uid) storeSession(new Headers({ ...session, uid }));
}

/** PUT the profile as multipart `profile[avatar]`. */
async function putAvatar(file: File): Promise<CurrentUser> {
  const form = new FormData();
  form.append('profile[avatar]', file, file.name);
  return api(PROFILE_PATH, { method: 'PUT', body: form, schema: CurrentUserSchema });
}

/** Every profile call answers the user: the cached current user takes it, so the shell and guard see it at once. */
function useKeepUser() {
  const client = useQueryClient();
  return (user: CurrentUser) => client.setQueryData(sessionKeys.currentUser(), user);
}

/** PUT /api/v1/profile with JSON `{ profile: changes }`. */
export function useUpdateProfile() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: async (changes: ProfileChanges) => {
      const { data, headers } = await apiRequest(PROFILE_PATH, { method: 'PUT', body: { profile: changes }, schema: CurrentUserSchema });
      keepUid(headers);
      return data;
    },
    onSuccess: keep,
  });
}

/** PUT /api/v1/profile, multipart with `profile[avatar]` (png, jpeg, gif or webp up to 4 MB, checked by content on the server). */
export function useUploadAvatar() {
  const keep = useKeepUser();
  return useMutation({ mutationFn: putAvatar, onSuccess: keep });
}

/** DELETE /api/v1/profile/avatar. */
export function useDeleteAvatar() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: () => apiRequest(`${PROFILE_PATH}/avatar`, { method: 'DELETE', schema: CurrentUserSchema }).then((r) => r.data),
    onSuccess: keep,
  });
}

/** POST /api/v1/profile/reset_access_token: a new API token; the old one stops working at once. */
export function useResetAccessToken() {
  const keep = useKeepUser();
  return useMutation({
    mutationFn: () => api(`${PROFILE_PATH}/reset_access_token`, { method: 'POST', schema: CurrentUserSchema }),
    onSuccess: keep,
  });
}

// --- notification settings (per account: GET and PATCH …/notification_settings)

export const profileKeys = {
  all: ['profile'] as const,
  notificationSettings: (accountId: number) => [...profileKeys.all, accountId, 'notification-settings'] as const,
};

const settingsPath = (accountId: number) => `/api/v1/accounts/${accountId}/notification_settings`;

export function useNotificationSettings(accountId: number) {
  return useQuery({
    queryKey: profileKeys.notificationSettings(accountId),
    queryFn: ({ signal }) => api(settingsPath(accountId), { schema: NotificationSettingsSchema, signal }),
  });
}

export type NotificationFlagChanges = { selected_email_flags?: string[]; selected_push_flags?: string[] };

/** PATCH notification_settings with whole lists (S1-7.132); the answer replaces the cached settings. */
export function useUpdateNotificationSettings(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: NotificationFlagChanges) =>
      api(settingsPath(accountId), { method: 'PATCH', body: { notification_settings: changes }, schema: NotificationSettingsSchema }),
    onSuccess: (settings) => client.setQueryData(profileKeys.notificationSettings(accountId), settings),
  });
}

// --- browser push registrations (POST and DELETE /api/v1/notification_subscriptions)

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

/** S0-7.29: registers this browser with subscription_type browser_push and its endpoint and keys. */
export function registerPushSubscription(attributes: PushSubscriptionKeys) {
  return api('/api/v1/notification_subscriptions', {
    method: 'POST',
    body: { notification_subscription: { subscription_type: 'browser_push', subscription_attributes: attributes } },
    schema: NotificationSubscriptionSchema,
  });
}

/** The server stops pushing to this browser. */
export function unregisterPushSubscription(endpoint: string) {
  return api('/api/v1/notification_subscriptions', { method: 'DELETE', body: { endpoint } });
}
