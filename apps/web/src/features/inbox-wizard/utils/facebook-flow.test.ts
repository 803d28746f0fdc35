import { describe, expect, it } from 'vitest';
import { FACEBOOK_SCOPES, facebookFlow, selectablePages, type FacebookFlow, type SocialPage } from './facebook-flow.ts';

const PAGES: SocialPage[] = [
  { id: '1', name: 'Acme', access_token: 'a', exists: false },
  { id: '2', name: 'Acme Old', access_token: 'b', exists: true },
];
const start: FacebookFlow = { state: 'not_started' };

describe('Facebook page flow', () => {
  it('S0-4.25 S0-4.26 starts not started; logging in moves it to loading', () => {
    expect(facebookFlow(start, { type: 'login' })).toEqual({ state: 'loading' });
  });

  it('S0-4.27 S0-8.05 a script load failure is an error with ERROR_FB_LOADING', () => {
    expect(facebookFlow({ state: 'loading' }, { type: 'sdk_failed' })).toEqual({ state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_LOADING' });
  });

  it('S0-8.07 S0-8.08 not_authorized shows ERROR_FB_UNAUTHORIZED with help text', () => {
    expect(facebookFlow({ state: 'loading' }, { type: 'login_failed', status: 'not_authorized' })).toEqual({
      state: 'error',
      message: 'INBOX_MGMT.DETAILS.ERROR_FB_UNAUTHORIZED',
      help: 'INBOX_MGMT.DETAILS.ERROR_FB_UNAUTHORIZED_HELP',
    });
  });

  it('S0-8.06 S0-8.09 other login failures and other statuses show ERROR_FB_AUTH', () => {
    expect(facebookFlow({ state: 'loading' }, { type: 'login_failed', status: 'unknown' })).toEqual({ state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_AUTH' });
    expect(facebookFlow({ state: 'loading' }, { type: 'login_failed' })).toEqual({ state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_AUTH' });
    expect(facebookFlow({ state: 'loading' }, { type: 'pages_failed' })).toEqual({ state: 'error', message: 'INBOX_MGMT.DETAILS.ERROR_FB_AUTH' });
  });

  it('S0-4.28 S0-4.29 loaded pages move to page selection, submitting to creating', () => {
    const selecting = facebookFlow({ state: 'loading' }, { type: 'pages_loaded', pages: PAGES, userAccessToken: 'u' });
    expect(selecting).toEqual({ state: 'page_selection', pages: PAGES, userAccessToken: 'u' });
    expect(facebookFlow(selecting, { type: 'submit' }).state).toBe('creating');
    expect(facebookFlow(facebookFlow(selecting, { type: 'submit' }), { type: 'create_failed' }).state).toBe('page_selection');
  });

  it('S0-5.05 only pages not yet connected are selectable', () => {
    expect(selectablePages(PAGES).map((page) => page.id)).toEqual(['1']);
  });

  it('S0-9.30 asks for the seven permission scopes', () => {
    expect([...FACEBOOK_SCOPES].sort()).toEqual(
      ['business_management', 'instagram_basic', 'instagram_manage_messages', 'pages_manage_metadata', 'pages_messaging', 'pages_read_engagement', 'pages_show_list'].sort(),
    );
  });
});
