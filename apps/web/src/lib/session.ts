import { SESSION_COOKIE, SESSION_HEADERS, type SessionHeaders } from '@app/shared/session';

/** The session headers kept in the session cookie (000 section 7), or null without a usable one. */
export function readSession(): SessionHeaders | null {
  const prefix = `${SESSION_COOKIE}=`;
  const entry = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(prefix));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(prefix.length))) as Partial<SessionHeaders> | null;
    if (!value || typeof value !== 'object') return null;
    if (!SESSION_HEADERS.every((h) => typeof value[h] === 'string' && value[h] !== '')) return null;
    return Object.fromEntries(SESSION_HEADERS.map((h) => [h, value[h]])) as SessionHeaders;
  } catch {
    return null;
  }
}

export function hasSession(): boolean {
  return readSession() !== null;
}

/** Keeps the five session header values of a sign-in answer; false (and nothing kept) when it had none. */
export function storeSession(headers: Headers): boolean {
  const session = Object.fromEntries(SESSION_HEADERS.map((h) => [h, headers.get(h) ?? ''])) as SessionHeaders;
  if (SESSION_HEADERS.some((h) => !session[h])) return false;
  signingOut = false;
  writeSession(session);
  return true;
}

/** SameSite=Strict, path /, Secure on https, expiring with the session itself (`expiry`, unix seconds). */
function writeSession(session: SessionHeaders): void {
  const seconds = Number(session.expiry);
  const expires = Number.isFinite(seconds) && seconds > 0 ? `; expires=${new Date(seconds * 1000).toUTCString()}` : '';
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}${expires}; path=/; SameSite=Strict${secure}`;
}

/**
 * Set while this tab signs out: the server's `user:logout` for the token it retires may arrive before the
 * sign-out's own answer, and must not turn a sign-out into "your session expired".
 */
let signingOut = false;
export const beginSignOut = (): void => {
  signingOut = true;
};
export const isSigningOut = (): boolean => signingOut;

export function clearSession(): void {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
}
