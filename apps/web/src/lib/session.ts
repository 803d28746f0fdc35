import { SESSION_COOKIE, SESSION_HEADERS, type SessionHeaders } from '@app/shared/auth';

/** Reads the session headers kept in the session cookie (000 section 7), or null without one. */
export function readSession(): SessionHeaders | null {
  const entry = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(SESSION_COOKIE.length + 1))) as Partial<SessionHeaders>;
    return SESSION_HEADERS.every((h) => typeof value[h] === 'string' && value[h] !== '') ? (value as SessionHeaders) : null;
  } catch {
    return null;
  }
}

export function hasSession(): boolean {
  return readSession() !== null;
}

/** Keeps the five session header values from a sign-in answer; false when the answer had none. */
export function storeSession(headers: Headers): boolean {
  const session = Object.fromEntries(SESSION_HEADERS.map((h) => [h, headers.get(h) ?? ''])) as SessionHeaders;
  if (SESSION_HEADERS.some((h) => !session[h])) return false;
  writeSession(session);
  return true;
}

export function writeSession(session: SessionHeaders): void {
  const expires = new Date(Number(session.expiry) * 1000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}; expires=${expires}; path=/; SameSite=Strict${secure}`;
}

export function clearSession(): void {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
}
