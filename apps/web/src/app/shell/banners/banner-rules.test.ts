import { describe, expect, it } from 'vitest';
import { isNewerVersion, showsLimitsBanner, showsPaymentBanner, showsUpdateBanner } from './banner-rules.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const limits = (conversation: [number | null, number], inboxes: [number | null, number] = [null, 0]) => ({
  conversation: { allowed: conversation[0], consumed: conversation[1] },
  non_web_inboxes: { allowed: inboxes[0], consumed: inboxes[1] },
});
const OLD_ACCOUNT = '2025-01-01T00:00:00Z';

describe('update banner', () => {
  it('compares versions part by part', () => {
    expect(isNewerVersion('1.10.0', '1.9.9')).toBe(true);
    expect(isNewerVersion('v2.0', '1.99.99')).toBe(true);
    expect(isNewerVersion('1.0.0', '1.0')).toBe(false);
    expect(isNewerVersion('1.0.0', '1.0.1')).toBe(false);
  });

  it('S0-5.20 shows when the latest version is newer than the current one', () => {
    expect(showsUpdateBanner({ isAdmin: true, latest: '1.2.0', current: '1.1.9', dismissed: null })).toBe(true);
  });

  it('S0-5.21 does not show when the latest version equals or is older than the current one', () => {
    expect(showsUpdateBanner({ isAdmin: true, latest: '1.2.0', current: '1.2.0', dismissed: null })).toBe(false);
    expect(showsUpdateBanner({ isAdmin: true, latest: '1.1.0', current: '1.2.0', dismissed: null })).toBe(false);
  });

  it('S0-5.22 a dismissed version is not shown again', () => {
    expect(showsUpdateBanner({ isAdmin: true, latest: '1.2.0', current: '1.1.0', dismissed: '1.2.0' })).toBe(false);
  });

  it('S0-5.23 a version newer than the dismissed one shows again', () => {
    expect(showsUpdateBanner({ isAdmin: true, latest: '1.3.0', current: '1.1.0', dismissed: '1.2.0' })).toBe(true);
  });

  it('S0-6.17 is shown to administrators only', () => {
    expect(showsUpdateBanner({ isAdmin: false, latest: '1.2.0', current: '1.1.0', dismissed: null })).toBe(false);
  });
});

describe('limits banner', () => {
  it('S0-9.16 S0-3.02 shows when consumed exceeds allowed for conversations', () => {
    expect(showsLimitsBanner({ deployment: 'cloud', createdAt: OLD_ACCOUNT, limits: limits([100, 101]), now: NOW })).toBe(true);
  });

  it('S0-9.17 shows when consumed exceeds allowed for non-web inboxes', () => {
    expect(showsLimitsBanner({ deployment: 'cloud', createdAt: OLD_ACCOUNT, limits: limits([null, 5], [2, 3]), now: NOW })).toBe(true);
  });

  it('S0-9.18 does not show when consumed equals allowed (or nothing is limited)', () => {
    expect(showsLimitsBanner({ deployment: 'cloud', createdAt: OLD_ACCOUNT, limits: limits([100, 100], [2, 2]), now: NOW })).toBe(false);
    expect(showsLimitsBanner({ deployment: 'cloud', createdAt: OLD_ACCOUNT, limits: limits([null, 10_000]), now: NOW })).toBe(false);
  });

  it('S0-9.19 shows on the cloud installation only', () => {
    expect(showsLimitsBanner({ deployment: 'self_hosted', createdAt: OLD_ACCOUNT, limits: limits([100, 101]), now: NOW })).toBe(false);
  });

  it('S0-9.14 S0-9.15 S1-9.01 S1-6.22 S1-6.23 is hidden during the 15-day trial counted from created_at', () => {
    const day = 86_400_000;
    const input = (created: number) => ({ deployment: 'cloud' as const, createdAt: new Date(created).toISOString(), limits: limits([1, 2]), now: NOW });
    expect(showsLimitsBanner(input(NOW - 1000))).toBe(false);
    expect(showsLimitsBanner(input(NOW - 14 * day))).toBe(false);
    expect(showsLimitsBanner(input(NOW - 15 * day + 1000))).toBe(false);
    expect(showsLimitsBanner(input(NOW - 15 * day))).toBe(true);
    expect(showsLimitsBanner(input(NOW - 16 * day))).toBe(true);
  });
});

describe('payment-pending banner', () => {
  const base = { isAdmin: true, deployment: 'cloud' as const, now: NOW };

  it('S0-4.03 S0-3.03 shows when subscription_status is past_due and subscription_ends_on is in the past', () => {
    expect(showsPaymentBanner({ ...base, customAttributes: { subscription_status: 'past_due', subscription_ends_on: '2025-06-01' } })).toBe(true);
  });

  it('S0-4.04 does not show when subscription_status is not past_due', () => {
    expect(showsPaymentBanner({ ...base, customAttributes: { subscription_status: 'active', subscription_ends_on: '2025-06-01' } })).toBe(false);
  });

  it('S0-4.05 does not show when subscription_ends_on is not in the past', () => {
    expect(showsPaymentBanner({ ...base, customAttributes: { subscription_status: 'past_due', subscription_ends_on: '2025-07-01' } })).toBe(false);
    expect(showsPaymentBanner({ ...base, customAttributes: { subscription_status: 'past_due' } })).toBe(false);
  });

  it('S0-4.06 shows on the cloud installation only', () => {
    expect(showsPaymentBanner({ ...base, deployment: 'self_hosted', customAttributes: { subscription_status: 'past_due', subscription_ends_on: '2025-06-01' } })).toBe(false);
  });

  it('S0-6.18 is shown to administrators only', () => {
    expect(showsPaymentBanner({ ...base, isAdmin: false, customAttributes: { subscription_status: 'past_due', subscription_ends_on: '2025-06-01' } })).toBe(false);
  });
});
