import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AccountSchema } from '@app/shared/accounts';
import { AgentListSchema } from '@app/shared/agents';
import { InboxMemberListSchema } from '@app/shared/inbox-members';
import { AuthorizationUrlSchema, FacebookPagesSchema, InboxSchema, type Inbox } from '@app/shared/inboxes';
import { api } from '../../lib/api-client.ts';

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** GET /api/v1/global_config: the fields the wizard reads (which OAuth apps this installation has, and where it runs). */
export const InstallationSchema = z.looseObject({
  deployment: z.enum(['self_hosted', 'cloud']),
  oauth_providers: z.object({ google: z.boolean(), microsoft: z.boolean(), twitter: z.boolean(), facebook: z.boolean() }).partial().default({}),
  facebook_app_id: z.string().nullish(),
});
export type Installation = z.infer<typeof InstallationSchema>;
export type OAuthProvider = 'google' | 'microsoft' | 'twitter';

export const wizardKeys = {
  all: ['inbox-wizard'] as const,
  installation: () => [...wizardKeys.all, 'installation'] as const,
  features: (accountId: number) => [...wizardKeys.all, accountId, 'features'] as const,
  inbox: (accountId: number, inboxId: number) => [...wizardKeys.all, accountId, 'inbox', inboxId] as const,
  agents: (accountId: number) => [...wizardKeys.all, accountId, 'agents'] as const,
  members: (accountId: number, inboxId: number) => [...wizardKeys.all, accountId, 'members', inboxId] as const,
};

export function useInstallation() {
  return useQuery({
    queryKey: wizardKeys.installation(),
    staleTime: Infinity,
    queryFn: ({ signal }) => api('/api/v1/global_config', { schema: InstallationSchema, signal }).then((config) => InstallationSchema.parse(config)),
  });
}

/** The account's feature flags (channel_website, channel_email, channel_facebook, channel_twitter gate their channels). */
export function useAccountFeatures(accountId: number) {
  return useQuery({
    queryKey: wizardKeys.features(accountId),
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await api(accountBase(accountId), { schema: AccountSchema, signal })).features,
  });
}

export function useInbox(accountId: number, inboxId: number) {
  return useQuery({
    queryKey: wizardKeys.inbox(accountId, inboxId),
    enabled: inboxId > 0,
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/inboxes/${inboxId}`, { schema: InboxSchema, signal }),
  });
}

/** After a creation the inbox lists (shell sidebar, inbox settings) refetch: their keys are not ours, so by prefix. */
function useRememberInbox(accountId: number) {
  const client = useQueryClient();
  return (inbox: Inbox) => {
    client.setQueryData(wizardKeys.inbox(accountId, inbox.id), inbox);
    void client.invalidateQueries({ predicate: (query) => query.queryKey.includes('inboxes') });
  };
}

/** POST inboxes: every channel but Twilio, Facebook and the OAuth ones (001 section 3 payloads). */
export function useCreateInbox(accountId: number) {
  const remember = useRememberInbox(accountId);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api(`${accountBase(accountId)}/inboxes`, { method: 'POST', body, schema: InboxSchema }),
    onSuccess: remember,
  });
}

/** POST channels/twilio_channel with `twilio_channel{…}` (S1-7.13). */
export function useCreateTwilioInbox(accountId: number) {
  const remember = useRememberInbox(accountId);
  return useMutation({
    mutationFn: (twilioChannel: Record<string, unknown>) =>
      api(`${accountBase(accountId)}/channels/twilio_channel`, { method: 'POST', body: { twilio_channel: twilioChannel }, schema: InboxSchema }),
    onSuccess: remember,
  });
}

/** POST {provider}/authorization: the provider's consent URL, where the browser goes next (S1-7.02 to S1-7.04). */
export function useAuthorize(accountId: number, provider: OAuthProvider) {
  return useMutation({
    mutationFn: async (email?: string) =>
      (await api(`${accountBase(accountId)}/${provider}/authorization`, { method: 'POST', body: email === undefined ? {} : { email }, schema: AuthorizationUrlSchema })).url,
  });
}

/** POST callbacks/facebook_pages.json with the login's token: the user's pages and a long-lived user token (S0-7.26). */
export function useFacebookPages(accountId: number) {
  return useMutation({
    mutationFn: async (omniauthToken: string) =>
      (await api(`${accountBase(accountId)}/callbacks/facebook_pages.json`, { method: 'POST', body: { omniauth_token: omniauthToken }, schema: FacebookPagesSchema })).data,
  });
}

/** POST callbacks/register_facebook_page (S0-7.27). */
export function useRegisterFacebookPage(accountId: number) {
  const remember = useRememberInbox(accountId);
  return useMutation({
    mutationFn: (body: { user_access_token: string; page_access_token: string; page_id: string; inbox_name: string }) =>
      api(`${accountBase(accountId)}/callbacks/register_facebook_page`, { method: 'POST', body, schema: InboxSchema }),
    onSuccess: remember,
  });
}

export function useAgents(accountId: number) {
  return useQuery({
    queryKey: wizardKeys.agents(accountId),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/agents`, { schema: AgentListSchema, signal }),
  });
}

export function useInboxMembers(accountId: number, inboxId: number) {
  return useQuery({
    queryKey: wizardKeys.members(accountId, inboxId),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inbox_members/${inboxId}`, { schema: InboxMemberListSchema, signal })).payload,
  });
}

/** PATCH inbox_members with inbox_id, user_ids and team_leader_ids (S1-7.24): the members become exactly these. */
export function useSaveInboxMembers(accountId: number, inboxId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_ids: number[]; team_leader_ids: number[] }) =>
      api(`${accountBase(accountId)}/inbox_members`, { method: 'PATCH', body: { inbox_id: inboxId, ...body }, schema: InboxMemberListSchema }),
    onSuccess: (members) => client.setQueryData(wizardKeys.members(accountId, inboxId), members.payload),
  });
}
