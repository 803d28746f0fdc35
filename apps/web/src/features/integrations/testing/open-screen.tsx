import { screen } from '@testing-library/react';
import type { IntegrationApp } from '@app/shared/integrations';
import type { Webhook, WebhookDelivery } from '@app/shared/webhooks';
import { storeSession } from '../../../lib/session.ts';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

export const ACCOUNT = 7;
export const API = `/api/v1/accounts/${ACCOUNT}`;
type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);

/** An integrations screen at `settings/integrations{rest}`, signed in as `role`, over a fake API. */
export function openScreen(rest: string, handlers: Record<string, Handler>, role: 'administrator' | 'agent' = 'administrator') {
  storeSession(new Headers(sessionHeaders()));
  const user = makeUser({ accounts: [makeAccount(ACCOUNT, role, { name: 'Northwind' })] });
  const server = fakeApi({ 'GET /auth/validate_token': { body: { payload: { success: true, data: user } } }, ...handlers });
  const view = renderApp(`/app/accounts/${ACCOUNT}/settings/integrations${rest}`);
  return { server, ...view };
}

export const findHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

export const unprocessable = (message: string, errors: Record<string, string[]>): Reply => ({
  status: 422,
  body: { message, attributes: Object.keys(errors), errors },
});

export function makeWebhook(id: number, extra: Partial<Webhook> = {}): Webhook {
  return { id, name: null, url: `https://hooks.example.com/${id}`, account_id: ACCOUNT, subscriptions: ['message_created'], secret: 'sec-ret', ...extra };
}

export function makeDelivery(id: number, extra: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    webhook_id: 1,
    inbox_id: null,
    event: 'message_created',
    status: 'delivered',
    attempts: 1,
    next_attempt_at: null,
    last_status_code: 200,
    last_error: null,
    delivered_at: '2026-11-25T10:00:00.000Z',
    created_at: '2026-11-25T09:59:59.000Z',
    payload: { event: 'message_created', content: 'Hello there' },
    attempt_log: [{ attempt: 1, at: '2026-11-25T10:00:00.000Z', status_code: 200, error: null, duration_ms: 42 }],
    ...extra,
  };
}

export function makeApp(id: string, extra: Partial<IntegrationApp> = {}): IntegrationApp {
  return {
    id,
    name: id,
    description: `${id} description`,
    hook_type: 'account',
    enabled: false,
    allow_multiple_hooks: false,
    action: `/${id}`,
    logo: `${id}.png`,
    settings_form_schema: [],
    configured: true,
    required_env: [],
    hooks: [],
    ...extra,
  };
}
