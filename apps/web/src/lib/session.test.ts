import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@app/shared/auth';
import { sessionHeaders } from '../test/fixtures.ts';
import { clearSession, hasSession, readSession, storeSession } from './session.ts';

afterEach(() => vi.restoreAllMocks());

describe('session cookie', () => {
  it('S0-7.02 keeps the five header values of a sign-in answer in the session cookie as JSON', () => {
    expect(storeSession(new Headers(sessionHeaders()))).toBe(true);
    const raw = document.cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(JSON.parse(decodeURIComponent(raw.slice(SESSION_COOKIE.length + 1)))).toEqual(sessionHeaders({ expiry: expect.any(String) }));
    expect(readSession()).toEqual({ 'access-token': 'tok-123', 'token-type': 'Bearer', client: 'client-abc', expiry: expect.stringMatching(/^\d+$/), uid: 'jane@example.com' });
  });

  it('writes the cookie SameSite=Strict on path / and expiring with the session', () => {
    const written: string[] = [];
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      native.set!.call(document, value);
    });
    storeSession(new Headers(sessionHeaders({ expiry: '1900000000' })));
    expect(written[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(written[0]).toContain('; path=/');
    expect(written[0]).toContain('; SameSite=Strict');
    expect(written[0]).toContain(`; expires=${new Date(1_900_000_000_000).toUTCString()}`);
    // jsdom runs on http: no Secure flag there (it is added on https)
    expect(written[0]).not.toContain('Secure');
  });

  it('ignores an answer without all five session headers, and a malformed cookie', () => {
    expect(storeSession(new Headers({ 'access-token': 'x', client: 'y' }))).toBe(false);
    expect(hasSession()).toBe(false);
    document.cookie = `${SESSION_COOKIE}=not-json; path=/`;
    expect(readSession()).toBeNull();
    document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ 'access-token': 'only' }))}; path=/`;
    expect(readSession()).toBeNull();
  });

  it('S0-7.03 without the cookie there is no session to fetch', () => {
    expect(hasSession()).toBe(false);
    storeSession(new Headers(sessionHeaders()));
    expect(hasSession()).toBe(true);
  });

  it('S0-7.17 clearing forgets the session', () => {
    storeSession(new Headers(sessionHeaders()));
    clearSession();
    expect(hasSession()).toBe(false);
    expect(document.cookie).not.toContain(SESSION_COOKIE);
  });
});
