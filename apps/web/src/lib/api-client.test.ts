import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeApi } from '../test/fake-api.ts';
import { sessionHeaders } from '../test/fixtures.ts';
import { api, apiRequest, ApiError, arrayOf, ContractError, SESSION_EXPIRED_EVENT } from './api-client.ts';
import { hasSession, storeSession } from './session.ts';

const signIn = () => storeSession(new Headers(sessionHeaders()));

describe('api client', () => {
  it('S0-7.01 S0-7.02 sends access-token, token-type, client, expiry and uid taken from the session cookie', async () => {
    signIn();
    const server = fakeApi({ 'GET /api/v1/profile': { body: { ok: true } } });
    await api('/api/v1/profile');
    expect(server.calls[0]!.headers).toMatchObject({
      'access-token': 'tok-123',
      'token-type': 'Bearer',
      client: 'client-abc',
      expiry: expect.stringMatching(/^\d+$/),
      uid: 'jane@example.com',
    });
  });

  it('sends no session headers without a session cookie, and JSON bodies as JSON', async () => {
    const server = fakeApi({ 'POST /auth/password': { body: { success: true, message: 'ok' } } });
    await api('/auth/password', { method: 'POST', body: { email: 'a@b.c' } });
    expect(Object.keys(server.calls[0]!.headers)).not.toContain('access-token');
    expect(server.calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(server.calls[0]!.body).toEqual({ email: 'a@b.c' });
  });

  it('sends a FormData body as multipart (the browser sets its boundary), with the session headers and the 401 rule', async () => {
    signIn();
    const seen: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        seen.push(init);
        return new Response(JSON.stringify(seen.length === 1 ? { id: 3 } : { error: 'expired' }), { status: seen.length === 1 ? 200 : 401 });
      }),
    );
    const form = new FormData();
    form.append('inbox[avatar]', new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await api('/api/v1/accounts/7/inboxes/3', { method: 'PATCH', body: form })).toEqual({ id: 3 });
    expect(seen[0]!.body).toBe(form);
    expect(seen[0]!.headers).toMatchObject({ 'access-token': 'tok-123' });
    expect(seen[0]!.headers).not.toHaveProperty('Content-Type');

    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    await expect(api('/api/v1/profile', { method: 'PUT', body: form })).rejects.toBeInstanceOf(ApiError);
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    expect(expired).toHaveBeenCalledOnce();
    expect(hasSession()).toBe(false);
  });

  it('S0-7.11 passes error answers on to the caller unchanged', async () => {
    const body = { message: 'Name must not be blank', attributes: ['name'], errors: { name: ['must not be blank'] } };
    fakeApi({ 'POST /api/v1/accounts': { status: 422, body } });
    const error = await api('/api/v1/accounts', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).message).toBe('Name must not be blank');
    expect((error as ApiError).fieldErrors.name).toEqual(['must not be blank']);
  });

  it('S0-7.16 a 401 on a signed-in request clears the session cookie and announces the logout', async () => {
    signIn();
    fakeApi({ 'GET /auth/validate_token': { status: 401, body: { errors: ['You need to sign in or sign up before continuing.'] } } });
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    const error = await api('/auth/validate_token').catch((e: unknown) => e);
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    expect((error as ApiError).status).toBe(401);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(hasSession()).toBe(false);
  });

  it('a 401 without a session (wrong password) is only an error, not a logout', async () => {
    fakeApi({ 'POST /auth/sign_in': { status: 401, body: { success: false, errors: ['Invalid login credentials. Please try again.'] } } });
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    await expect(api('/auth/sign_in', { method: 'POST', body: {} })).rejects.toThrow('Invalid login credentials. Please try again.');
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    expect(expired).not.toHaveBeenCalled();
  });

  it('answers the response headers with the body (the sign-in session headers live there)', async () => {
    fakeApi({ 'POST /auth/sign_in': { body: { data: 1 }, headers: sessionHeaders() } });
    const { data, headers } = await apiRequest('/auth/sign_in', { method: 'POST', body: {} });
    expect(data).toEqual({ data: 1 });
    expect(headers.get('access-token')).toBe('tok-123');
  });

  it('checks answers against the shared schema in development', async () => {
    expect(import.meta.env.DEV).toBe(true);
    fakeApi({ 'GET /x': { body: { id: 'not-a-number' } } });
    const error = await api('/x', { schema: z.object({ id: z.number() }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toContain('id:');
  });

  it('loads a schema passed as a function (the login screen does not ship zod) and checks the answer against it', async () => {
    fakeApi({ 'GET /x': { body: { id: 'not-a-number' } }, 'GET /y': { body: { id: 1 } } });
    const load = vi.fn(async () => z.object({ id: z.number() }));
    const error = await api('/x', { schema: load }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toContain('id:');
    expect(await api('/y', { schema: load })).toEqual({ id: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('arrayOf loads the item schema and checks every element of a list answer against it', async () => {
    fakeApi({ 'GET /x': { body: [{ id: 1 }, { id: 'two' }] }, 'GET /y': { body: [{ id: 1 }, { id: 2 }] } });
    const item = vi.fn(async () => z.object({ id: z.number() }));
    const error = await api('/x', { schema: arrayOf(item) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toContain('1.id:');
    expect(await api('/y', { schema: arrayOf(item) })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(item).toHaveBeenCalledTimes(2);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api('/api/v1/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});
