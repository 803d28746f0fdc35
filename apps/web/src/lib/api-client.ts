import type { z } from 'zod';
import { clearSession, readSession } from './session.ts';

/** An error answer from the API, passed on unchanged (000 section 7) with its status and body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(ApiError.messageOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  static messageOf(body: Record<string, unknown>): string | undefined {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string') return body.error;
    if (Array.isArray(body.errors) && typeof body.errors[0] === 'string') return body.errors[0];
    return undefined;
  }

  /** Per-field messages of a 422 answer. */
  get fieldErrors(): Record<string, string[]> {
    const errors = this.body.errors;
    return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
  }
}

export const SESSION_EXPIRED_EVENT = 'session:expired';

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
};

/**
 * Calls the API with the session headers. A 401 on a request that carried a session means the session is
 * gone: it is cleared and SESSION_EXPIRED_EVENT tells the app to go to the login screen.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<{ data: T; headers: Headers }> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: 'application/json', ...(session ?? {}) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = {};
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { error: text };
    }
  }
  if (!response.ok) {
    if (response.status === 401 && session) {
      clearSession();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
    throw new ApiError(response.status, (body ?? {}) as Record<string, unknown>);
  }
  // In development the shared zod contract checks what the server answered.
  if (import.meta.env.DEV && options.schema) options.schema.parse(body);
  return { data: body as T, headers: response.headers };
}

export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequest(path, options)).data;
}
