import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, SESSION_EXPIRED_EVENT } from './api-client.ts';
import { hasSession, storeSession } from './session.ts';

const session = () =>
  storeSession(new Headers({ 'access-token': 'tok', 'token-type': 'Bearer', client: 'cli', expiry: String(Math.floor(Date.now() / 1000) + 3600), uid: 'jane@example.com' }));

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('S0-7.01 S0-7.02 sends the five session headers taken from the session cookie', async () => {
    session();
    const fetchMock = respond(200, { ok: true });
    await api('/api/v1/profile');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers).toMatchObject({ 'access-token': 'tok', 'token-type': 'Bearer', client: 'cli', uid: 'jane@example.com' });
    expect(headers.expiry).toMatch(/^\d+$/);
  });

  it('S0-7.11 passes error answers on unchanged', async () => {
    respond(422, { message: 'Name must not be blank', attributes: ['name'], errors: { name: ['must not be blank'] } });
    const error = await api('/api/v1/accounts', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body).toEqual({ message: 'Name must not be blank', attributes: ['name'], errors: { name: ['must not be blank'] } });
    expect((error as ApiError).fieldErrors.name).toEqual(['must not be blank']);
  });

  it('S0-7.16 a 401 on a signed-in request clears the session and announces the logout', async () => {
    session();
    respond(401, { errors: ['You need to sign in'] });
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    await expect(api('/auth/validate_token')).rejects.toBeInstanceOf(ApiError);
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(hasSession()).toBe(false);
  });
});
