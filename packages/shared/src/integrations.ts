import { z } from 'zod';
import { wrapped } from './common.ts';

/** A field of an app's settings form (Chatwoot's `settings_form_schema`). */
export type IntegrationField = { name: string; label: string; type: 'text' | 'password' | 'textarea'; required: boolean; json?: boolean };

type CatalogueEntry = {
  id: string;
  name: string;
  description: string;
  hook_type: 'account' | 'inbox';
  allow_multiple_hooks: boolean;
  /** How it is set up: a screen of its own, an OAuth provider, or a settings form saved as a hook. */
  kind: 'webhooks' | 'dashboard_apps' | 'oauth' | 'form';
  /** OAuth apps: the environment variables the installation needs before anyone can connect. */
  env?: readonly string[];
  fields?: readonly IntegrationField[];
};

const credentials: IntegrationField = { name: 'credentials', label: 'Service account credentials (JSON)', type: 'textarea', required: true, json: true };

/** The integrations an account can see, in the order of the integrations page (Chatwoot's `config/integration/apps.yml`). */
export const INTEGRATION_APPS = [
  {
    id: 'webhook',
    name: 'Webhooks',
    description: 'Send the events of this account (new conversations, messages, contact changes) to your own systems as signed HTTP requests.',
    hook_type: 'account',
    allow_multiple_hooks: true,
    kind: 'webhooks',
  },
  {
    id: 'dashboard_apps',
    name: 'Dashboard apps',
    description: 'Show pages of your own tools (orders, billing, CRM records) as tabs beside each conversation, with the conversation and contact passed to them.',
    hook_type: 'account',
    allow_multiple_hooks: true,
    kind: 'dashboard_apps',
  },
  {
    id: 'slack',
    name: 'Slack',
    description: 'Connect a Slack workspace and choose the channel that receives this account’s conversations.',
    hook_type: 'account',
    allow_multiple_hooks: false,
    kind: 'oauth',
    env: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
  },
  {
    id: 'openai',
    name: 'OpenAI',
    description: 'Store an OpenAI API key for reply suggestions, summaries and rephrasing.',
    hook_type: 'account',
    allow_multiple_hooks: false,
    kind: 'form',
    fields: [{ name: 'api_key', label: 'API key', type: 'password', required: true }],
  },
  {
    id: 'google_translate',
    name: 'Google Translate',
    description: 'Store Google Cloud Translation credentials for translating messages.',
    hook_type: 'account',
    allow_multiple_hooks: false,
    kind: 'form',
    fields: [{ name: 'project_id', label: 'Project ID', type: 'text', required: true }, credentials],
  },
  {
    id: 'dialogflow',
    name: 'Dialogflow',
    description: 'Connect a Dialogflow agent to an inbox, one agent per inbox.',
    hook_type: 'inbox',
    allow_multiple_hooks: true,
    kind: 'form',
    fields: [{ name: 'project_id', label: 'Project ID', type: 'text', required: true }, credentials],
  },
  {
    id: 'dyte',
    name: 'Dyte',
    description: 'Store Dyte credentials for starting video calls from a conversation.',
    hook_type: 'account',
    allow_multiple_hooks: false,
    kind: 'form',
    fields: [
      { name: 'organization_id', label: 'Organization ID', type: 'text', required: true },
      { name: 'api_key', label: 'API key', type: 'password', required: true },
    ],
  },
] as const satisfies readonly CatalogueEntry[];

export type IntegrationAppId = (typeof INTEGRATION_APPS)[number]['id'];
export const INTEGRATION_APP_IDS = INTEGRATION_APPS.map((app) => app.id) as [IntegrationAppId, ...IntegrationAppId[]];
/** Apps whose connections are hooks made with POST integrations/hooks (a settings form). */
export const FORM_APP_IDS = INTEGRATION_APPS.filter((app) => app.kind === 'form').map((app) => app.id);

export function integrationApp(id: string): CatalogueEntry | undefined {
  return (INTEGRATION_APPS as readonly CatalogueEntry[]).find((app) => app.id === id);
}

export const IntegrationHookSchema = z.object({
  id: z.number().int(),
  app_id: z.string(),
  inbox_id: z.number().int().nullable(),
  inbox: z.object({ id: z.number().int(), name: z.string() }).optional(),
  account_id: z.number().int(),
  status: z.boolean().describe('Whether the hook is enabled (Chatwoot answers the enum as a boolean).'),
  hook_type: z.enum(['account', 'inbox']),
  settings: z.record(z.string(), z.unknown()),
  reference_id: z.string().nullable(),
});
export type IntegrationHook = z.infer<typeof IntegrationHookSchema>;

export const IntegrationAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  hook_type: z.enum(['account', 'inbox']),
  enabled: z.boolean().describe('The account has it set up (webhooks or dashboard apps exist, or a hook is connected).'),
  allow_multiple_hooks: z.boolean(),
  action: z.string().nullable().describe('Where set-up starts: a settings path, or the provider’s authorization URL; null while the installation is not configured for it.'),
  button: z.string().optional(),
  logo: z.string(),
  settings_form_schema: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), required: z.boolean(), json: z.boolean().optional() })),
  configured: z.boolean().describe('Whether this installation has what the app needs (OAuth client credentials).'),
  required_env: z.array(z.string()).describe('Environment variables an OAuth app needs on the server.'),
  hooks: z.array(IntegrationHookSchema).optional().describe('Administrators only.'),
});
export type IntegrationApp = z.infer<typeof IntegrationAppSchema>;

export const IntegrationAppListSchema = z.object({ payload: z.array(IntegrationAppSchema) });

const settings = z.record(z.string(), z.unknown());
/** `status` is Chatwoot's enum: 1 (or true) enabled, 0 (or false) disabled. */
const status = z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]).transform((v) => Boolean(v));

export const CreateHookBodySchema = wrapped(
  'hook',
  z.object({
    app_id: z.string().trim().min(1, 'must not be blank'),
    inbox_id: z.coerce.number().int().positive().nullable().optional(),
    status: status.optional(),
    settings: settings.default({}),
  }),
);
export const UpdateHookBodySchema = wrapped('hook', z.object({ status: status.optional(), settings: settings.optional() }));

export const SlackConnectBodySchema = z.object({ code: z.string().trim().min(1, 'must not be blank').max(500) });
export const SlackUpdateBodySchema = z.object({ reference_id: z.string().trim().min(1, 'must not be blank').max(100) });
export const SlackChannelListSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/** The scopes the Slack app asks for (Chatwoot's list). */
export const SLACK_SCOPES = 'commands,chat:write,channels:read,channels:manage,channels:join,groups:read,groups:write,im:write,mpim:write,users:read,users:read.email,chat:write.customize,channels:history,groups:history,mpim:history,im:history,files:read,files:write';
