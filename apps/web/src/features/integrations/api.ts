import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardApp } from '@app/shared/dashboard-apps';
import type { WebhookDeliveryListSchema, WebhookEvent } from '@app/shared/webhooks';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

// Answers are checked against their schemas in development only: the schemas (and zod) are loaded on demand, so
// the chunk the workspace's dashboard-app tabs share with these hooks ships neither (lib/api-client.ts).
const dashboardAppSchemas = () => import('@app/shared/dashboard-apps');
const inboxSchemas = () => import('@app/shared/inboxes');
const integrationSchemas = () => import('@app/shared/integrations');
const webhookSchemas = () => import('@app/shared/webhooks');

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** The feature's query keys, under ['integrations', accountId]. */
export const integrationKeys = {
  account: (accountId: number) => ['integrations', accountId] as const,
  apps: (accountId: number) => [...integrationKeys.account(accountId), 'apps'] as const,
  app: (accountId: number, id: string) => [...integrationKeys.apps(accountId), id] as const,
  webhooks: (accountId: number) => [...integrationKeys.account(accountId), 'webhooks'] as const,
  deliveries: (accountId: number, webhookId: number, page: number) => [...integrationKeys.webhooks(accountId), webhookId, 'deliveries', page] as const,
  dashboardApps: (accountId: number) => [...integrationKeys.account(accountId), 'dashboard-apps'] as const,
  inboxes: (accountId: number) => [...integrationKeys.account(accountId), 'inboxes'] as const,
  slackChannels: (accountId: number) => [...integrationKeys.account(accountId), 'slack-channels'] as const,
};

// --- the catalogue and hooks

export function useIntegrationApps(accountId: number) {
  return useQuery({
    queryKey: integrationKeys.apps(accountId),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/integrations/apps`, { schema: () => integrationSchemas().then((m) => m.IntegrationAppListSchema), signal })).payload,
  });
}

export function useIntegrationApp(accountId: number, id: string) {
  return useQuery({
    queryKey: integrationKeys.app(accountId, id),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/integrations/apps/${encodeURIComponent(id)}`, { schema: () => integrationSchemas().then((m) => m.IntegrationAppSchema), signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** Every change to a hook changes the catalogue (enabled, hooks). */
function useRefreshApps(accountId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: integrationKeys.apps(accountId) });
}

export type HookInput = { app_id: string; inbox_id?: number | null; settings: Record<string, string> };

export function useCreateHook(accountId: number) {
  const refresh = useRefreshApps(accountId);
  return useMutation({
    mutationFn: (input: HookInput) => api(`${accountBase(accountId)}/integrations/hooks`, { method: 'POST', body: input, schema: () => integrationSchemas().then((m) => m.IntegrationHookSchema) }),
    onSuccess: refresh,
  });
}

export function useUpdateHook(accountId: number) {
  const refresh = useRefreshApps(accountId);
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      api(`${accountBase(accountId)}/integrations/hooks/${id}`, { method: 'PATCH', body: { status: status ? 1 : 0 }, schema: () => integrationSchemas().then((m) => m.IntegrationHookSchema) }),
    onSuccess: refresh,
  });
}

export function useDeleteHook(accountId: number) {
  const refresh = useRefreshApps(accountId);
  return useMutation({
    mutationFn: (hookId: number) => api(`${accountBase(accountId)}/integrations/hooks/${hookId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** DELETE integrations/{app}: every hook of the app. */
export function useDeleteIntegration(accountId: number) {
  const refresh = useRefreshApps(accountId);
  return useMutation({
    mutationFn: (appId: string) => api(`${accountBase(accountId)}/integrations/${encodeURIComponent(appId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useConnectSlack(accountId: number) {
  const refresh = useRefreshApps(accountId);
  return useMutation({
    mutationFn: (code: string) => api(`${accountBase(accountId)}/integrations/slack`, { method: 'POST', body: { code }, schema: () => integrationSchemas().then((m) => m.IntegrationHookSchema) }),
    onSuccess: refresh,
  });
}

export function useSlackChannels(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.slackChannels(accountId),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/integrations/slack/list_all_channels`, { schema: () => integrationSchemas().then((m) => m.SlackChannelListSchema), signal }),
    enabled,
  });
}

export function useUpdateSlack(accountId: number) {
  const refresh = useRefreshApps(accountId);
  return useMutation({
    mutationFn: (referenceId: string) => api(`${accountBase(accountId)}/integrations/slack`, { method: 'PATCH', body: { reference_id: referenceId }, schema: () => integrationSchemas().then((m) => m.IntegrationHookSchema) }),
    onSuccess: refresh,
  });
}

export function useInboxes(accountId: number) {
  return useQuery({
    queryKey: integrationKeys.inboxes(accountId),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inboxes`, { schema: () => inboxSchemas().then((m) => m.CompactInboxListSchema), signal })).payload,
  });
}

// --- webhooks

export type WebhookInput = { url: string; name: string | null; subscriptions: WebhookEvent[]; inbox_id: number | null };

export function useWebhooks(accountId: number) {
  return useQuery({
    queryKey: integrationKeys.webhooks(accountId),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/webhooks`, { schema: () => webhookSchemas().then((m) => m.WebhookListSchema), signal })).payload.webhooks,
  });
}

function useRefreshWebhooks(accountId: number) {
  const client = useQueryClient();
  const refreshApps = useRefreshApps(accountId);
  return () => Promise.all([client.invalidateQueries({ queryKey: integrationKeys.webhooks(accountId) }), refreshApps()]);
}

export function useSaveWebhook(accountId: number) {
  const refresh = useRefreshWebhooks(accountId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: WebhookInput }) =>
      api(id ? `${accountBase(accountId)}/webhooks/${id}` : `${accountBase(accountId)}/webhooks`, { method: id ? 'PATCH' : 'POST', body: { webhook: input }, schema: () => webhookSchemas().then((m) => m.WebhookPayloadSchema) }),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook(accountId: number) {
  const refresh = useRefreshWebhooks(accountId);
  return useMutation({
    mutationFn: (id: number) => api(`${accountBase(accountId)}/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useWebhookDeliveries(accountId: number, webhookId: number, page: number) {
  return useQuery({
    queryKey: integrationKeys.deliveries(accountId, webhookId, page),
    queryFn: ({ signal }) =>
      api<z.infer<typeof WebhookDeliveryListSchema>>(`${accountBase(accountId)}/webhooks/${webhookId}/deliveries?page=${page}`, { schema: () => webhookSchemas().then((m) => m.WebhookDeliveryListSchema), signal }),
    placeholderData: keepPreviousData,
    // Pending deliveries change on their own and new ones arrive while the log is open: look again, often while any is pending.
    refetchInterval: (query) => (query.state.data?.payload.some((d) => d.status === 'pending') ? 2000 : 10_000),
  });
}

export function useRedeliver(accountId: number, webhookId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => api(`${accountBase(accountId)}/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, { method: 'POST', schema: () => webhookSchemas().then((m) => m.WebhookDeliverySchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...integrationKeys.webhooks(accountId), webhookId, 'deliveries'] }),
  });
}

// --- dashboard apps

export type DashboardAppInput = { title: string; content: DashboardApp['content'] };

export function useDashboardApps(accountId: number) {
  return useQuery({
    queryKey: integrationKeys.dashboardApps(accountId),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/dashboard_apps`, { schema: () => dashboardAppSchemas().then((m) => m.DashboardAppListSchema), signal }),
    staleTime: 60_000,
  });
}

function useRefreshDashboardApps(accountId: number) {
  const client = useQueryClient();
  const refreshApps = useRefreshApps(accountId);
  return () => Promise.all([client.invalidateQueries({ queryKey: integrationKeys.dashboardApps(accountId) }), refreshApps()]);
}

export function useSaveDashboardApp(accountId: number) {
  const refresh = useRefreshDashboardApps(accountId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DashboardAppInput }) =>
      api(id ? `${accountBase(accountId)}/dashboard_apps/${id}` : `${accountBase(accountId)}/dashboard_apps`, { method: id ? 'PATCH' : 'POST', body: { dashboard_app: input }, schema: () => dashboardAppSchemas().then((m) => m.DashboardAppSchema) }),
    onSuccess: refresh,
  });
}

export function useDeleteDashboardApp(accountId: number) {
  const refresh = useRefreshDashboardApps(accountId);
  return useMutation({
    mutationFn: (id: number) => api(`${accountBase(accountId)}/dashboard_apps/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

