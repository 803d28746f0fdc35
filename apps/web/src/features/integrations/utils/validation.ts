import type { WebhookEvent } from '@app/shared/webhooks';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';

export const URL_MAX_LENGTH = 2048;

/** An http(s) URL the server will accept the shape of (the server still checks where it points). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export type WebhookDraft = { url: string; name: string; subscriptions: WebhookEvent[]; inboxId: number | null };
export type WebhookErrors = Partial<Record<'url' | 'name' | 'subscriptions' | 'inbox_id', string>>;

export function validateWebhook(draft: WebhookDraft): WebhookErrors {
  const errors: WebhookErrors = {};
  const url = draft.url.trim();
  if (url.length > URL_MAX_LENGTH) errors.url = t('INTEGRATION_SETTINGS.WEBHOOK.FORM.URL_TOO_LONG');
  else if (!isHttpUrl(url)) errors.url = t('INTEGRATION_SETTINGS.WEBHOOK.FORM.URL_ERROR');
  if (draft.subscriptions.length === 0) errors.subscriptions = t('INTEGRATION_SETTINGS.WEBHOOK.FORM.EVENTS_ERROR');
  return errors;
}

export type DashboardAppDraft = { title: string; url: string };
export type DashboardAppErrors = Partial<Record<'title' | 'url', string>>;

export function validateDashboardApp(draft: DashboardAppDraft): DashboardAppErrors {
  const errors: DashboardAppErrors = {};
  if (!draft.title.trim()) errors.title = t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.TITLE_ERROR');
  const url = draft.url.trim();
  if (!isHttpUrl(url) || url.length > URL_MAX_LENGTH) errors.url = t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.URL_ERROR');
  return errors;
}

/**
 * A 422's per-field messages as sentences under the fields (`url: ["has already been taken"]` becomes
 * "Webhook URL has already been taken"); `fields` maps the server's field names (dotted ones too) to labels.
 * Anything else, or a field the form does not show, is left to `message`: the server's own words.
 */
export function serverErrors<K extends string>(error: unknown, fields: Record<string, { key: K; label: string }>): { fields: Partial<Record<K, string>>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: null };
  const result: Partial<Record<K, string>> = {};
  let unplaced = false;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const target = fields[name] ?? fields[name.split('.')[0]!];
    if (target && messages[0]) result[target.key] = `${target.label} ${messages[0]}`;
    else unplaced = true;
  }
  const placed = Object.keys(result).length > 0;
  return { fields: result, message: placed && !unplaced ? null : error.status === 0 ? null : error.message };
}
