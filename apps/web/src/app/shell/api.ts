import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AccountSchema, LimitsResponseSchema } from '@app/shared/accounts';
import type { Availability } from '@app/shared/constants';
import { CustomFilterSchema } from '@app/shared/custom-filters';
import { InboxListSchema, OpenConversationsCountSchema } from '@app/shared/inboxes';
import { LabelListSchema } from '@app/shared/labels';
import { TeamSchema } from '@app/shared/teams';
import { CurrentUserSchema } from '@app/shared/users';
import { api } from '../../lib/api-client.ts';
import { cacheKeyMeta } from '../../lib/realtime/index.ts';
import { sessionKeys } from '../../features/auth/index.ts';

/**
 * GET /api/v1/global_config (apps/api/src/modules/system). The schema lives in the API module, not in
 * @app/shared yet, so the fields the shell reads are described here.
 */
export const GlobalConfigSchema = z.looseObject({
  agent_bots_enabled: z.boolean(),
  deployment: z.enum(['self_hosted', 'cloud']),
  create_new_account_from_dashboard: z.boolean(),
  /** The cloud offering with BILLING_CHECKOUT_URL set (docs/billing.md). */
  billing_configured: z.boolean().optional(),
});
export type GlobalConfig = z.infer<typeof GlobalConfigSchema>;

/** GET /api: the installation's running version. */
const ServerStatusSchema = z.looseObject({ version: z.string() });

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
    queryFn: ({ signal }) => api('/api/v1/global_config', { schema: GlobalConfigSchema, signal }),
  });
}

export function useServerVersion(enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.serverVersion(),
    enabled,
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await api('/api', { schema: ServerStatusSchema, signal })).version,
  });
}

/** The account: features map, status, custom attributes (subscription), latest version, created_at. */
export function useAccount(accountId: number) {
  return useQuery({
    queryKey: shellKeys.account(accountId),
    staleTime: FIVE_MINUTES,
    queryFn: ({ signal }) => api(accountBase(accountId), { schema: AccountSchema, signal }),
  });
}

export function useLimits(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.limits(accountId),
    enabled,
    staleTime: FIVE_MINUTES,
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/limits`, { schema: LimitsResponseSchema, signal })).limits,
  });
}

/** The inboxes the user works (administrators: all), with their unresponded counts. */
export function useInboxes(accountId: number, enabled = true) {
  return useQuery({
    queryKey: shellKeys.inboxes(accountId),
    enabled,
    meta: cacheKeyMeta('inbox'),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inboxes`, { schema: InboxListSchema, signal })).payload,
  });
}

/** Unresponded counts per inbox, refreshed on conversation events (the inbox list itself changes rarely). */
export function useInboxCounts(accountId: number, enabled = true) {
  return useQuery({
    queryKey: shellKeys.inboxCounts(accountId),
    enabled,
    queryFn: async ({ signal }) => {
      const { payload } = await api(`${accountBase(accountId)}/inboxes/open_conversations_count`, { schema: OpenConversationsCountSchema, signal });
      return Object.fromEntries(payload.map((row) => [row.inbox_id, row.unresponded_conversations_count])) as Record<number, number>;
    },
  });
}

export function useTeams(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: shellKeys.teams(accountId),
    enabled,
    meta: cacheKeyMeta('team'),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/teams`, { schema: z.array(TeamSchema), signal }),
  });
}

export function useLabels(accountId: number, enabled = true) {
  return useQuery({
    queryKey: shellKeys.labels(accountId),
    enabled,
    meta: cacheKeyMeta('label'),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/labels`, { schema: LabelListSchema, signal })).payload,
  });
}

/** The user's saved folders (conversation) or segments (contact): custom filters of that type. */
export function useFolders(accountId: number, type: 'conversation' | 'contact', enabled = true) {
  return useQuery({
    queryKey: shellKeys.folders(accountId, type),
    enabled,
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/custom_filters?filter_type=${type}`, { schema: z.array(CustomFilterSchema), signal }),
  });
}

/** POST /api/v1/profile/availability (000 section 7); the answer is the user, which replaces the session's. */
export function useSetAvailability(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) =>
      api('/api/v1/profile/availability', { method: 'POST', body: { profile: { availability, account_id: accountId } }, schema: CurrentUserSchema }),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}

/** POST /api/v1/profile/auto_offline (000 section 7). */
export function useSetAutoOffline(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoOffline: boolean) =>
      api('/api/v1/profile/auto_offline', { method: 'POST', body: { profile: { auto_offline: autoOffline, account_id: accountId } }, schema: CurrentUserSchema }),
    onSuccess: (user) => client.setQueryData(sessionKeys.currentUser(), user),
  });
}
