import type { MessageKey } from '../../../lib/i18n/i18n.ts';

/** 000 section 9: the permissions the Facebook login asks for. */
export const FACEBOOK_SCOPES = [
  'pages_manage_metadata',
  'business_management',
  'pages_messaging',
  'instagram_basic',
  'pages_show_list',
  'pages_read_engagement',
  'instagram_manage_messages',
] as const;

/** 000 section 3: a page the user manages; `exists` when an inbox already connects it. */
export type SocialPage = { id: string; name: string; access_token: string; exists: boolean };

/** 000 section 4: not started, loading, error, page selection, creating (then on to add agents). */
export type FacebookFlow =
  | { state: 'not_started' }
  | { state: 'loading' }
  | { state: 'error'; message: MessageKey; help?: MessageKey }
  | { state: 'page_selection'; pages: SocialPage[]; userAccessToken: string }
  | { state: 'creating'; pages: SocialPage[]; userAccessToken: string };

export type FacebookEvent =
  | { type: 'login' }
  | { type: 'sdk_failed' }
  | { type: 'login_failed'; status?: string }
  | { type: 'pages_loaded'; pages: SocialPage[]; userAccessToken: string }
  | { type: 'pages_failed' }
  | { type: 'submit' }
  | { type: 'create_failed' };

/** The error a login status means (000 section 8): not_authorized has its own message and help text. */
function loginError(status: string | undefined): FacebookFlow {
  return status === 'not_authorized'
    ? { state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_UNAUTHORIZED', help: 'INBOX_MGMT.DETAILS.ERROR_FB_UNAUTHORIZED_HELP' }
    : { state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_AUTH' };
}

export function facebookFlow(flow: FacebookFlow, event: FacebookEvent): FacebookFlow {
  switch (event.type) {
    case 'login':
      return { state: 'loading' };
    case 'sdk_failed':
      return { state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_LOADING' };
    case 'login_failed':
      return loginError(event.status);
    case 'pages_failed':
      return { state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_AUTH' };
    case 'pages_loaded':
      return { state: 'page_selection', pages: event.pages, userAccessToken: event.userAccessToken };
    case 'submit':
      return flow.state === 'page_selection' ? { ...flow, state: 'creating' } : flow;
    case 'create_failed':
      return flow.state === 'creating' ? { ...flow, state: 'page_selection' } : flow;
  }
}

/** Only pages not connected yet may be chosen (000 section 5). */
export const selectablePages = (pages: readonly SocialPage[]) => pages.filter((page) => !page.exists);
