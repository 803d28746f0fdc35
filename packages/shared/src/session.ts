// No zod here: the web app's entry (the login screen) reads these, and must not download the schemas.

/** The five devise_token_auth headers a dashboard session sends on every request (000 section 7). */
export const SESSION_HEADERS = ['access-token', 'token-type', 'client', 'expiry', 'uid'] as const;
export type SessionHeaders = Record<(typeof SESSION_HEADERS)[number], string>;
/** Cookie that keeps the session headers for the web app, as Chatwoot's dashboard does. */
export const SESSION_COOKIE = 'cw_d_session_info';
