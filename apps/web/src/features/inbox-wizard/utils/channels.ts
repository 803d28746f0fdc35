import type { FeatureFlag } from '@app/shared/constants';
import type { Installation } from '../api.ts';

/** 001 section 2: the sub_page values of settings/inboxes/new/{sub_page}, in the order the chooser shows them. */
export const CHANNEL_PAGES = ['website', 'facebook', 'twitter', 'api', 'email', 'sms', 'whatsapp', 'line', 'telegram'] as const;
export type ChannelPage = (typeof CHANNEL_PAGES)[number];

export const isChannelPage = (value: string | undefined): value is ChannelPage => (CHANNEL_PAGES as readonly string[]).includes(value ?? '');

/** The account feature that gates a channel (the server answers 403 feature_disabled without it). */
export const CHANNEL_FEATURE: Partial<Record<ChannelPage, FeatureFlag>> = {
  website: 'channel_website',
  email: 'channel_email',
  facebook: 'channel_facebook',
  twitter: 'channel_twitter',
};

/** Channels that cannot work at all without an app registered with a provider, and what the server must set. */
export const PROVIDER_APPS = {
  facebook: { provider: 'Facebook', env: ['FB_APP_ID', 'FB_APP_SECRET'], callback: null },
  twitter: { provider: 'Twitter', env: ['TWITTER_CLIENT_ID', 'TWITTER_CLIENT_SECRET'], callback: 'twitter/callback' },
  google: { provider: 'Google', env: ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'], callback: 'google/callback' },
  microsoft: { provider: 'Microsoft', env: ['AZURE_APP_ID', 'AZURE_APP_SECRET'], callback: 'microsoft/callback' },
} as const;
export type ProviderApp = keyof typeof PROVIDER_APPS;

export const providerConfigured = (installation: Installation | undefined, app: ProviderApp) => Boolean(installation?.oauth_providers[app]);

export type ChannelAvailability = 'ready' | 'not_configured' | 'disabled';

/** Whether a channel's card leads to a working form, to the "not configured" explanation, or is off for the account. */
export function channelAvailability(page: ChannelPage, installation: Installation | undefined, features: Record<string, boolean> | undefined): ChannelAvailability {
  const feature = CHANNEL_FEATURE[page];
  if (feature && features && features[feature] === false) return 'disabled';
  if (page === 'twitter' && !providerConfigured(installation, 'twitter')) return 'not_configured';
  // The page picker runs Facebook's SDK in the browser, which needs the app id as well as the server's app.
  if (page === 'facebook' && !(providerConfigured(installation, 'facebook') && installation?.facebook_app_id)) return 'not_configured';
  return 'ready';
}

export const EMAIL_PROVIDERS = ['microsoft', 'google', 'other'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/**
 * 001 section 2: Microsoft and Google are offered only when configured, except on the vendor's own hosted
 * instance (deployment cloud), where all are offered. Other is always offered.
 */
export function emailProviders(installation: Installation | undefined): EmailProvider[] {
  const cloud = installation?.deployment === 'cloud';
  return EMAIL_PROVIDERS.filter((provider) => provider === 'other' || cloud || providerConfigured(installation, provider));
}
