import { describe, expect, it } from 'vitest';
import { authorizationUrl, signState, STATE_LIFETIME_SECONDS, verifyState } from './oauth.ts';

const SECRET = 'unit-secret-key-base-0123456789abcdefghij';
const state = { accountId: 7, userId: 3, provider: 'twitter' as const, email: null, codeVerifier: 'v'.repeat(64) };

describe('OAuth state', () => {
  it('round-trips the account, user, provider, email and the sealed PKCE verifier', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signState(SECRET, state, now);
    expect(verifyState(SECRET, token, now + 1000)).toEqual({ ...state, expiresAt: now / 1000 + STATE_LIFETIME_SECONDS });
    expect(token).not.toContain('v'.repeat(16));
    // each state is unique (nonce)
    expect(signState(SECRET, state, now)).not.toBe(token);
  });

  it('refuses an expired, altered, forged or malformed state', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signState(SECRET, { ...state, provider: 'google', email: 'a@example.com', codeVerifier: null }, now);
    expect(verifyState(SECRET, token, now + STATE_LIFETIME_SECONDS * 1000)).toBeNull();
    const [body, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), a: 8 })).toString('base64url');
    expect(verifyState(SECRET, `${altered}.${signature}`, now)).toBeNull();
    expect(verifyState('another-secret-key-base-0123456789abcdef', token, now)).toBeNull();
    for (const bad of ['', 'abc', `${token}.x`, `${body}.`]) expect(verifyState(SECRET, bad, now)).toBeNull();
  });

  it('answers 422 on provider when the installation has no client for it', () => {
    const config = { oauth: {}, frontendUrl: 'http://localhost:3000', secretKeyBase: SECRET };
    expect(() => authorizationUrl(config, 'google', { accountId: 1, userId: 1, email: 'a@example.com' })).toThrow(
      'Google is not configured on this installation: set GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET',
    );
  });
});
