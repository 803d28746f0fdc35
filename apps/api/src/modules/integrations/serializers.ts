import type { IntegrationApp, IntegrationField, IntegrationHook } from '@app/shared/integrations';
import type { HookWithInbox } from './queries.ts';

export function serializeHook({ hook, inboxName }: HookWithInbox, settings: Record<string, unknown>): IntegrationHook {
  return {
    id: hook.id,
    app_id: hook.appId,
    inbox_id: hook.inboxId,
    ...(hook.inboxId && inboxName ? { inbox: { id: hook.inboxId, name: inboxName } } : {}),
    account_id: hook.accountId,
    status: hook.status === 1,
    hook_type: hook.hookType,
    settings,
    reference_id: hook.referenceId,
  };
}

type AppFacts = {
  app: { id: string; name: string; description: string; hook_type: 'account' | 'inbox'; allow_multiple_hooks: boolean; env?: readonly string[]; fields?: readonly IntegrationField[] };
  enabled: boolean;
  action: string | null;
  configured: boolean;
  hooks: IntegrationHook[] | undefined;
};

export function serializeApp({ app, enabled, action, configured, hooks }: AppFacts): IntegrationApp {
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    hook_type: app.hook_type,
    enabled,
    allow_multiple_hooks: app.allow_multiple_hooks,
    action,
    ...(app.env ? { button: 'connect' } : {}),
    logo: `${app.id}.png`,
    settings_form_schema: (app.fields ?? []).map((f) => ({ name: f.name, label: f.label, type: f.type, required: f.required, ...(f.json ? { json: true } : {}) })),
    configured,
    required_env: [...(app.env ?? [])],
    ...(hooks ? { hooks } : {}),
  };
}
