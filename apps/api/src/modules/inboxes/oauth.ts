import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { decrypt, encrypt, hmacSha256, randomToken, safeEqual } from '../../lib/crypto.ts';
import type { Config } from '../../plugins/config.ts';

// Authorization URLs for the inboxes created through a provider's consent screen (001 section 7:
// twitter, microsoft and google authorization). The callback that trades the code for tokens comes
// with a later milestone; the `state` made here is what it will verify.

export const OAUTH_PROVIDERS = ['google', 'microsoft', 'twitter'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** How long a started authorization may take before its state is refused. */
export const STATE_LIFETIME_SECONDS = 15 * 60;

const PROVIDER_SETUP: Record<OAuthProvider, { label: string; env: [string, string] }> = {
  google: { label: 'Google', env: ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'] },
  microsoft: { label: 'Microsoft', env: ['AZURE_APP_ID', 'AZURE_APP_SECRET'] },
  twitter: { label: 'Twitter', env: ['TWITTER_CLIENT_ID', 'TWITTER_CLIENT_SECRET'] },
};

export const GOOGLE_MAIL_SCOPES = ['https://mail.google.com/', 'email', 'profile'];
export const MICROSOFT_MAIL_SCOPES = [
  'offline_access',
  'openid',
  'profile',
  'email',
  'https://outlook.office.com/IMAP.AccessAsUser.All',
  'https://outlook.office.com/SMTP.Send',
];
export const TWITTER_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'dm.read', 'dm.write', 'offline.access'];

export type OAuthState = {
  accountId: number;
  userId: number;
  provider: OAuthProvider;
  email: string | null;
  /** Seconds since the epoch after which the state is refused. */
  expiresAt: number;
  /** The PKCE code verifier (Twitter), opened from its sealed form. */
  codeVerifier: string | null;
};

type WireState = { a: number; u: number; p: OAuthProvider; e: string | null; x: number; n: string; v?: string };

const stateKey = (secretKeyBase: string) => `oauth-state:${secretKeyBase}`;

/**
 * `base64url(payload).signature`: HMAC-SHA256 under a key derived from SECRET_KEY_BASE, with an expiry
 * and a nonce. The PKCE verifier travels sealed (AES-GCM), since the state passes through the browser.
 */
export function signState(secretKeyBase: string, state: Omit<OAuthState, 'expiresAt'>, now = Date.now()): string {
  const wire: WireState = {
    a: state.accountId,
    u: state.userId,
    p: state.provider,
    e: state.email,
    x: Math.floor(now / 1000) + STATE_LIFETIME_SECONDS,
    n: randomToken(9),
    ...(state.codeVerifier ? { v: encrypt(secretKeyBase, state.codeVerifier) } : {}),
  };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${body}.${hmacSha256(stateKey(secretKeyBase), body)}`;
}

/** The state's content, or null when it is forged, altered or expired. */
export function verifyState(secretKeyBase: string, token: string, now = Date.now()): OAuthState | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmacSha256(stateKey(secretKeyBase), body))) return null;
  try {
    const wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as WireState;
    if (typeof wire.x !== 'number' || wire.x * 1000 <= now) return null;
    return {
      accountId: wire.a,
      userId: wire.u,
      provider: wire.p,
      email: wire.e,
      expiresAt: wire.x,
      codeVerifier: wire.v ? decrypt(secretKeyBase, wire.v) : null,
    };
  } catch {
    return null;
  }
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function notConfigured(provider: OAuthProvider): AppError {
  const { label, env } = PROVIDER_SETUP[provider];
  const detail = `is not configured on this installation: set ${env[0]} and ${env[1]}`;
  return new AppError('validation_failed', `${label} ${detail}`, { fields: { provider: [detail] } });
}

/** The consent-screen URL of one provider; 422 when the installation has no client for it. */
export function authorizationUrl(config: Pick<Config, 'oauth' | 'frontendUrl' | 'secretKeyBase'>, provider: OAuthProvider, who: { accountId: number; userId: number; email: string | null }): string {
  const client = config.oauth[provider];
  if (!client) throw notConfigured(provider);
  const redirectUri = `${config.frontendUrl}/${provider}/callback`;
  const codeVerifier = provider === 'twitter' ? randomToken(48) : null;
  const state = signState(config.secretKeyBase, { ...who, provider, codeVerifier });
  const base = { client_id: client.clientId, redirect_uri: redirectUri, response_type: 'code', state };

  if (provider === 'google') {
    const params = { ...base, scope: GOOGLE_MAIL_SCOPES.join(' '), access_type: 'offline', prompt: 'consent', login_hint: who.email ?? '' };
    return `https://accounts.google.com/o/oauth2/v2/auth?${new URLSearchParams(params)}`;
  }
  if (provider === 'microsoft') {
    const params = { ...base, scope: MICROSOFT_MAIL_SCOPES.join(' '), response_mode: 'query', prompt: 'consent', login_hint: who.email ?? '' };
    return `https://login.microsoftonline.com/common/oauth2/v2.0/authorize?${new URLSearchParams(params)}`;
  }
  const params = { ...base, scope: TWITTER_SCOPES.join(' '), code_challenge: pkceChallenge(codeVerifier!), code_challenge_method: 'S256' };
  return `https://twitter.com/i/oauth2/authorize?${new URLSearchParams(params)}`;
}
