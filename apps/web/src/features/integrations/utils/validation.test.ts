import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { isHttpUrl, serverErrors, validateDashboardApp, validateWebhook } from './validation.ts';

describe('isHttpUrl', () => {
  it('accepts http and https URLs only', () => {
    expect(isHttpUrl('https://example.com/hook')).toBe(true);
    expect(isHttpUrl(' http://127.0.0.1:9000/x ')).toBe(true);
    for (const bad of ['', 'example.com', 'ftp://example.com', 'javascript:alert(1)', 'http://']) expect(isHttpUrl(bad), bad).toBe(false);
  });
});

describe('validateWebhook', () => {
  const ok = { url: 'https://example.com/hook', name: '', subscriptions: ['message_created' as const], inboxId: null };
  it('needs a valid URL and at least one event; the name is optional', () => {
    expect(validateWebhook(ok)).toEqual({});
    expect(validateWebhook({ ...ok, url: 'example.com' }).url).toBe('Enter a valid URL starting with http:// or https://.');
    expect(validateWebhook({ ...ok, url: `https://example.com/${'a'.repeat(2048)}` }).url).toBe('The URL can be at most 2048 characters.');
    expect(validateWebhook({ ...ok, subscriptions: [] }).subscriptions).toBe('Choose at least one event.');
  });
});

describe('validateDashboardApp', () => {
  it('needs a name and an http(s) page URL', () => {
    expect(validateDashboardApp({ title: 'CRM', url: 'https://crm.example.com' })).toEqual({});
    expect(validateDashboardApp({ title: '  ', url: 'https://crm.example.com' }).title).toBe('Enter a name for the app.');
    expect(validateDashboardApp({ title: 'CRM', url: 'crm' }).url).toBe('Enter a valid URL starting with http:// or https://.');
  });
});

describe('serverErrors', () => {
  const fields = { url: { key: 'url' as const, label: 'Webhook URL' } };
  it('puts a 422 field message under its field and keeps the server message for what no field shows', () => {
    const taken = new ApiError(422, { message: 'Url has already been taken', errors: { url: ['has already been taken'] } });
    expect(serverErrors(taken, fields)).toEqual({ fields: { url: 'Webhook URL has already been taken' }, message: null });
    const other = new ApiError(422, { message: 'Inbox must be an inbox of this account', errors: { inbox_id: ['must be an inbox of this account'] } });
    expect(serverErrors(other, fields)).toEqual({ fields: {}, message: 'Inbox must be an inbox of this account' });
    expect(serverErrors(new ApiError(500, { error: 'boom' }), fields).message).toBe('boom');
  });
});
