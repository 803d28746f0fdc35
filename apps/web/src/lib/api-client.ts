import type { z } from 'zod';
import { clearSession, readSession } from './session.ts';

/** An error answer from the API, passed on unchanged (000 section 7) with its status and body. Status 0: no answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(messageOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Per-field messages of a 422 answer (`errors: {field: [message]}`). */
  get fieldErrors(): Record<string, string[]> {
    const errors = this.body.errors;
    return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
  }
}

function messageOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  if (Array.isArray(body.errors) && typeof body.errors[0] === 'string') return body.errors[0];
  return undefined;
}

/** Development only: the server answered something the shared contract does not describe. */
export class ContractError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    const detail = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    super(`Answer of ${path} does not match the shared schema: ${detail}`);
    this.name = 'ContractError';
  }
}

/** Fired on `window` when a signed-in request is answered 401: the session is gone. */
export const SESSION_EXPIRED_EVENT = 'session:expired';

/**
 * The shared zod schema of an answer, or a function that imports it: a screen in the entry chunk (the login
 * screen) passes the function, so that the production build, which never calls it, ships neither the schemas
 * nor zod there.
 */
export type AnswerSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * A loader of `z.array(item)` for a module that must not import zod itself: zod and the item's schema are
 * imported when a development build checks an answer, never in production.
 */
export const arrayOf =
  <T>(item: () => Promise<z.ZodType<T>>): (() => Promise<z.ZodType<T[]>>) =>
  async () => {
    const [{ z }, schema] = await Promise.all([import('zod'), item()]);
    return z.array(schema);
  };

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a FormData sent as multipart (uploads: avatars, attachments). */
  body?: unknown;
  /** The answer's shared schema (or its loader), checked in development builds only. */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { error: text };
  }
}

/**
 * Sends a request with the five session headers from the session cookie (000 section 7) and answers the
 * successful Response unread, for callers that read the body themselves (downloads, lib/download.ts). A 401
 * on a request that carried a session means the session is gone: the cookie is cleared and
 * SESSION_EXPIRED_EVENT sends the app to the login screen. Error answers reach the caller unchanged as ApiError.
 */
export async function apiResponse(path: string, options: Omit<RequestOptions<unknown>, 'schema'> & { accept?: string } = {}): Promise<Response> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json', ...session };
  const multipart = options.body instanceof FormData;
  // The browser sets multipart's Content-Type itself, with the boundary.
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { error: 'network' });
  }
  if (!response.ok) {
    const body = await readBody(response);
    if (response.status === 401 && session) {
      clearSession();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
    throw new ApiError(response.status, body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
  }
  return response;
}

/** Calls the API (apiResponse) and reads the JSON answer, checked against its schema in development builds. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<{ data: T; headers: Headers }> {
  const response = await apiResponse(path, options);
  const body = await readBody(response);
  if (import.meta.env.DEV && options.schema) {
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    const checked = schema.safeParse(body);
    if (!checked.success) throw new ContractError(path, checked.error.issues);
  }
  return { data: body as T, headers: response.headers };
}

export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequest(path, options)).data;
}
