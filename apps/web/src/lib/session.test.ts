import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@app/shared/auth';
import { clearSession, hasSession, readSession, storeSession } from './session.ts';

const headers = (expiry = String(Math.floor(Date.now() / 1000) + 3600)) =>
  new Headers({ 'access-token': 'tok', 'token-type': 'Bearer', client: 'cli', expiry, uid: 'jane@example.com' });

describe('session cookie', () => {
  it('S0-7.02 keeps the five header values of a sign-in answer in the session cookie', () => {
    expect(storeSession(headers())).toBe(true);
    expect(document.cookie).toContain(`${SESSION_COOKIE}=`);
    expect(readSession()).toEqual({ 'access-token': 'tok', 'token-type': 'Bearer', client: 'cli', expiry: expect.any(String), uid: 'jane@example.com' });
  });

  it('ignores an answer without session headers and a malformed cookie', () => {
    expect(storeSession(new Headers({ 'access-token': 'x' }))).toBe(false);
    expect(hasSession()).toBe(false);
    document.cookie = `${SESSION_COOKIE}=not-json; path=/`;
    expect(readSession()).toBeNull();
  });

  it('S0-7.17 clearing forgets the session', () => {
    storeSession(headers());
    clearSession();
    expect(hasSession()).toBe(false);
  });
});
