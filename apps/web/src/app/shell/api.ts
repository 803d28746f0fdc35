import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Availability } from '@app/shared/constants';
import { api, arrayOf } from '../../lib/api-client.ts';
import { cacheKeyMeta } from '../../lib/realtime/index.ts';
import { sessionKeys } from '../../features/auth/index.ts';

// Answers are checked against their schemas in development only: the schemas (and zod) are loaded on demand,
// so the shell's chunk ships neither (apps/web/src/lib/api-client.ts).
const shellSchemas = () => import('./schemas.ts');
const accountSchemas = () => import('@app/shared/accounts');
const inboxSchemas = () => import('@app/shared/inboxes');
const currentUserSchema = () => import('@app/shared/users').then((m) => m.CurrentUserSchema);

export type { GlobalConfig } from './schemas.ts';

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** Query keys of the shell: the account, its limits and what the sidebars list. */
export const shellKeys = {
  all: ['shell'] as const,
  globalConfig: () => [...shellKeys.all, 'global-config'] as const,
  serverVersion: () => [...shellKeys.all, 'server-version'] as const,
  account: (accountId: number) => [...shellKeys.all, accountId, 'account'] as const,
  limits: (accountId: number) => [...shellKeys.all, accountId, 'limits'] as const,
  inboxes: (accountId: number) => [...shellKeys.all, accountId, 'inboxes'] as const,
  inboxCounts: (accountId: number) => [...shellKeys.all, accountId, 'inbox-counts'] as const,
  teams: (accountId: number) => [...shellKeys.all, accountId, 'teams'] as const,
  labels: (accountId: number) => [...shellKeys.all, accountId, 'labels'] as const,
  folders: (accountId: number, type: 'conversation' | 'contact') => [...shellKeys.all, accountId, 'folders', type] as const,
};

const FIVE_MINUTES = 5 * 60_000;

export function useGlobalConfig() {
  return useQuery({
    queryKey: shellKeys.globalConfig(),
    staleTime: Infinity,
    queryFn: ({ signal }) => api('/api/v1/global_config', { schema: () => shellSchemas().then((m) => m.GlobalConfigSchema), signal }),
  });
}

export function useServerVersion(enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.serverVersion(),
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await api('/api', { schema: () => shellSchemas().then((m) => m.ServerStatusSchema), signal })).version,
  });
}

/** The account: features map, status, custom attributes (subscription), latest version, created_at. */
export function useAccount(accountId: number) {
  return useQuery({
    queryKey: shellKeys.account(accountId),
    staleTime: FIVE_MINUTES,
    queryFn: ({ signal }) => api(accountBase(accountId), { schema: () => accountSchemas().then((m) => m.AccountSchema), signal }),
  });
}

export function useLimits(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.limits(accountId),
    enabled,
    staleTime: FIVE_MINUTES,
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/limits`, { schema: () => accountSchemas().then((m) => m.LimitsResponseSchema), signal })).limits,
  });
}

/** The inboxes the user works (administrators: all), with their unresponded counts. */
export function useInboxes(accountId: number, enabled = true) {
  return useQuery({
    queryKey: shellKeys.inboxes(accountId),
    enabled,
    meta: cacheKeyMeta('inbox'),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inboxes`, { schema: () => inboxSchemas().then((m) => m.InboxListSchema), signal })).payload,
  });
}

/** Unresponded counts per inbox, refreshed on conversation events (the inbox list itself changes rarely). */
export function useInboxCounts(accountId: number, enabled = true) {
  return useQuery({
    queryKey: shellKeys.inboxCounts(accountId),
    enabled,
    queryFn: async ({ signal }) => {
      const { payload } = await api(`${accountBase(accountId)}/inboxes/open_conversations_count`, { schema: () => inboxSchemas().then((m) => m.OpenConversationsCountSchema), signal });
      return Object.fromEntries(payload.map((row) => [row.inbox_id, row.unresponded_conversations_count])) as Record<number, number>;
    },
  });
}

export function useTeams(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.teams(accountId),
    enabled,
    meta: cacheKeyMeta('team'),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/teams`, { schema: arrayOf(() => import('@app/shared/teams').then((m) => m.TeamSchema)), signal }),
  });
}

export function useLabels(accountId: number, enabled = true) {
  return useQuery({
    queryKey: shellKeys.labels(accountId),
    enabled,
    meta: cacheKeyMeta('label'),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/labels`, { schema: () => import('@app/shared/labels').then((m) => m.LabelListSchema), signal })).payload,
  });
}

/** The user's saved folders (conversation) or segments (contact): custom filters of that type. */
export function useFolders(accountId: number, type: 'conversation' | 'contact', enabled = true) {
  return useQuery({
    queryKey: shellKeys.folders(accountId, type),
    enabled,
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/custom_filters?filter_type=${type}`, { schema: arrayOf(() => import('@app/shared/custom-filters').then((m) => m.CustomFilterSchema)), signal }),
  });
}

/** POST /api/v1/profile/availability (000 section 7); the answer is the user, which replaces the session's. */
export function useSetAvailability(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) =>
      api('/api/v1/profile/availability', { method: 'POST', body: { profile: { availability, account_id: accountId } }, schema: currentUserSchema }),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}

/** POST /api/v1/profile/auto_offline (000 section 7). */
export function useSetAutoOffline(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoOffline: boolean) =>
      api('/api/v1/profile/auto_offline', { method: 'POST', body: { profile: { auto_offline: autoOffline, account_id: accountId } }, schema: currentUserSchema }),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}
