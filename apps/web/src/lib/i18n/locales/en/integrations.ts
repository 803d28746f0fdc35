/** en strings of integrations: webhooks, dashboard apps, apps and hooks (keys after Chatwoot's INTEGRATION_SETTINGS). */
export const integrationsEn = {} as const;
