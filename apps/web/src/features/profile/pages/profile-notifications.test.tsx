import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CurrentUser } from '@app/shared/users';
import type { NotificationSettings } from '@app/shared/notifications';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { storeSession } from '../../../lib/session.ts';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { sessionKeys } from '../../auth/index.ts';
import { AudioAlertsCard } from '../components/audio-alerts-card.tsx';
import { BrowserPushCard } from '../components/browser-push-card.tsx';
import { useKeepPushRegistered } from '../hooks/use-browser-push.ts';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, type PushEnvironment } from '../utils/browser-push.ts';

const TOKEN = 'tok_abcdefghijklmnopqrstuv9876';
const USER = makeUser({ access_token: TOKEN });
const PATH = '/app/accounts/7/profile/settings';
const SETTINGS_PATH = '/api/v1/accounts/7/notification_settings';

const settings = (email: string[], push: string[]): NotificationSettings => ({
  id: 3,
  user_id: USER.id,
  account_id: 7,
  all_email_flags: [],
  selected_email_flags: email,
  all_push_flags: [],
  selected_push_flags: push,
});

function openProfile(extra: Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)> = {}, user: CurrentUser = USER) {
  storeSession(new Headers(sessionHeaders()));
  const server = fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: user } } },
    [`GET ${SETTINGS_PATH}`]: { body: settings(['email_conversation_assignment'], ['push_conversation_assignment', 'push_conversation_mention']) },
    [`PATCH ${SETTINGS_PATH}`]: (call) => {
      const body = (call.body as { notification_settings: Partial<NotificationSettings> }).notification_settings;
      return { body: { ...settings(['email_conversation_assignment'], ['push_conversation_assignment', 'push_conversation_mention']), ...body } };
    },
    ...extra,
  });
  const view = renderApp(PATH);
  return { server, ...view };
}

const card = async (name: string) => {
  await screen.findByRole('heading', { level: 1, name: 'Profile settings' }, { timeout: 5000 });
  return screen.getByRole('region', { name });
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('access token', () => {
  it('is hidden but for its last four characters until shown, and copies to the clipboard', async () => {
    openProfile();
    const section = await card('Access token');
    const field = within(section).getByLabelText('Your access token');
    expect(field).toHaveValue(`${'•'.repeat(24)}9876`);
    expect(section).not.toHaveTextContent(TOKEN);

    await userEvent.click(within(section).getByRole('button', { name: 'Show' }));
    expect(field).toHaveValue(TOKEN);
    expect(within(section).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByText('Access token copied to the clipboard')).toBeInTheDocument();
  });

  it('reset asks first; confirmed, POST reset_access_token replaces the token on screen and in the cached user', async () => {
    const { server, client } = openProfile({ 'POST /api/v1/profile/reset_access_token': { body: { ...USER, access_token: 'tok_brand_new_token_00001111' } } });
    const section = await card('Access token');
    await userEvent.click(within(section).getByRole('button', { name: 'Reset token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your access token?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the current one' }));
    expect(server.called('POST /api/v1/profile/reset_access_token')).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Reset token' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Reset your access token?' })).getByRole('button', { name: 'Reset token' }));
    expect(await screen.findByText('A new access token was made')).toBeInTheDocument();
    expect(server.called('POST /api/v1/profile/reset_access_token')).toHaveLength(1);
    // the new token is shown at once, to be copied
    expect(within(section).getByLabelText('Your access token')).toHaveValue('tok_brand_new_token_00001111');
    expect(client.getQueryData<CurrentUser>(sessionKeys.currentUser())?.access_token).toBe('tok_brand_new_token_00001111');
  });

  it('a failed reset keeps the old token and says so', async () => {
    openProfile({ 'POST /api/v1/profile/reset_access_token': { status: 500, body: { error: 'boom' } } });
    const section = await card('Access token');
    await userEvent.click(within(section).getByRole('button', { name: 'Reset token' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset token' }));
    expect(await screen.findByText('Could not reset the access token. Please try again.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Your access token')).toHaveValue(`${'•'.repeat(24)}9876`);
  });
});

describe('notification preferences', () => {
  it('S1-3.36 shows the selected email and push flags of the account as ticked boxes', async () => {
    openProfile();
    const section = await card('Notification preferences');
    expect(await within(section).findByRole('checkbox', { name: 'Email: A conversation is assigned to you' })).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Push: A conversation is assigned to you' })).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Push: Someone mentions you in a note' })).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Email: Someone mentions you in a note' })).not.toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Email: A new conversation is created' })).not.toBeChecked();
    expect(within(section).getAllByRole('checkbox')).toHaveLength(10);
  });

  it('S1-7.132 a ticked or cleared box PATCHes that channel’s whole list and shows a toast', async () => {
    const { server } = openProfile();
    const section = await card('Notification preferences');
    await userEvent.click(await within(section).findByRole('checkbox', { name: 'Email: A new conversation is created' }));
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
    expect(server.called(`PATCH ${SETTINGS_PATH}`)[0]!.body).toEqual({
      notification_settings: { selected_email_flags: ['email_conversation_assignment', 'email_conversation_creation'] },
    });
    await waitFor(() => expect(within(section).getByRole('checkbox', { name: 'Email: A new conversation is created' })).toBeChecked());

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Push: Someone mentions you in a note' }));
    await waitFor(() => expect(server.called(`PATCH ${SETTINGS_PATH}`)).toHaveLength(2));
    expect(server.called(`PATCH ${SETTINGS_PATH}`)[1]!.body).toEqual({ notification_settings: { selected_push_flags: ['push_conversation_assignment'] } });
  });

  it('a failed save says so and leaves the box as the server has it', async () => {
    openProfile({ [`PATCH ${SETTINGS_PATH}`]: { status: 500, body: { error: 'boom' } } });
    const section = await card('Notification preferences');
    const box = await within(section).findByRole('checkbox', { name: 'Email: Someone mentions you in a note' });
    await userEvent.click(box);
    expect(await screen.findByText('Could not save your notification preferences. Please try again.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('shows a loading state, then an error with a retry when the settings cannot be read', async () => {
    let calls = 0;
    openProfile({ [`GET ${SETTINGS_PATH}`]: () => (++calls <= 2 ? { status: 500, body: { error: 'boom' } } : { body: settings([], []) }) });
    const section = await card('Notification preferences');
    expect(within(section).getByRole('status')).toHaveTextContent('Loading your notification preferences…');
    const alert = await within(section).findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('We could not load your notification preferences.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('checkbox', { name: 'Email: A new conversation is created' })).not.toBeChecked();
  });
});

describe('audio alerts', () => {
  it('saves which conversations ring, the tone and always-play into ui_settings, and previews the tone', async () => {
    let stored = USER.ui_settings;
    const put = vi.fn((call: Call) => {
      const changes = (call.body as { profile: { ui_settings: Record<string, unknown> } }).profile;
      stored = { ...stored, ...changes.ui_settings };
      return { body: { ...USER, ui_settings: stored } };
    });
    openProfile({ 'PUT /api/v1/profile': put });
    const section = await card('Audio alerts');
    expect(within(section).getByRole('radio', { name: 'No conversations (off)' })).toBeChecked();
    expect(within(section).getByLabelText('Tone')).toBeDisabled();

    await userEvent.click(within(section).getByRole('radio', { name: 'Conversations assigned to me' }));
    expect(await screen.findByText('Audio alert settings saved')).toBeInTheDocument();
    expect(put.mock.calls[0]![0].body).toEqual({ profile: { ui_settings: { enable_audio_alerts: 'mine' } } });
    await waitFor(() => expect(within(section).getByLabelText('Tone')).toBeEnabled());

    await userEvent.selectOptions(within(section).getByLabelText('Tone'), 'Bell');
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1]![0].body).toEqual({ profile: { ui_settings: { notification_tone: 'bell' } } });

    await userEvent.click(within(section).getByRole('switch', { name: 'Also while Relay Desk is in front' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(3));
    expect(put.mock.calls[2]![0].body).toEqual({ profile: { ui_settings: { always_play_audio_alert: true } } });
  });

  it('the preview plays the tone shown', async () => {
    const play = vi.fn(async () => undefined);
    const user = makeUser({ ui_settings: { enable_audio_alerts: 'all', notification_tone: 'chime' } });
    render(
      <Providers client={createQueryClient()}>
        <AudioAlertsCard user={user} play={play} />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play tone' }));
    expect(play).toHaveBeenCalledWith('chime');
  });
});

/** A browser with notifications, a service worker and push, recording what the card asks of it. */
function fakeBrowser(permissionAnswer: NotificationPermission = 'granted', existing = false) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: 'https://push.example.com/send/abc',
    unsubscribe,
    toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BPkey', auth: 'authkey' } }),
  } as unknown as PushSubscription;
  let current: PushSubscription | null = existing ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const notification = { permission: (existing ? 'granted' : 'default') as NotificationPermission, requestPermission: vi.fn(async () => permissionAnswer) };
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = permissionAnswer;
    return permissionAnswer;
  });
  unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const env: PushEnvironment = {
    Notification: notification,
    PushManager: class {},
    serviceWorker: {
      register: vi.fn(async () => ({}) as ServiceWorkerRegistration),
      getRegistration: vi.fn(async () => ({ pushManager }) as unknown as ServiceWorkerRegistration),
      ready: Promise.resolve({ pushManager } as unknown as ServiceWorkerRegistration),
    },
  };
  return { env, pushManager, notification, unsubscribe };
}

function renderPushCard(env: PushEnvironment, handlers: Record<string, Reply> = {}) {
  storeSession(new Headers(sessionHeaders()));
  const server = fakeApi({
    'GET /api/v1/global_config': { body: { vapid_public_key: 'AQID' } },
    'POST /api/v1/notification_subscriptions': {
      body: {
        id: 5,
        user_id: 1,
        subscription_type: 'browser_push',
        subscription_attributes: { endpoint: 'https://push.example.com/send/abc', p256dh: 'BPkey', auth: 'authkey' },
        identifier: 'https://push.example.com/send/abc',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    },
    'DELETE /api/v1/notification_subscriptions': { body: {} },
    ...handlers,
  });
  render(
    <Providers client={createQueryClient()}>
      <BrowserPushCard env={env} />
    </Providers>,
  );
  return server;
}

describe('browser push', () => {
  it('S0-8.10 a browser without desktop notifications says so in a toast', async () => {
    renderPushCard({});
    const toggle = screen.getByRole('switch', { name: 'Push notifications in this browser' });
    expect(toggle).toHaveAccessibleDescription('This browser does not support desktop notification');
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser does not support desktop notification');
  });

  it('S0-7.29 turning it on asks for permission, subscribes with the server’s VAPID key and registers the browser', async () => {
    const browser = fakeBrowser('granted');
    const server = renderPushCard(browser.env);
    const toggle = screen.getByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Push notifications turned on for this browser')).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    // the worker of apps/web/public, with the app's base as scope (/app/ in the build)
    expect(SERVICE_WORKER_URL).toBe(`${SERVICE_WORKER_SCOPE}sw.js`);
    expect(browser.env.serviceWorker!.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    const options = browser.pushManager.subscribe.mock.calls[0]![0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([1, 2, 3]);
    expect(server.called('POST /api/v1/notification_subscriptions')[0]!.body).toEqual({
      notification_subscription: {
        subscription_type: 'browser_push',
        subscription_attributes: { endpoint: 'https://push.example.com/send/abc', p256dh: 'BPkey', auth: 'authkey' },
      },
    });
    expect(toggle).toBeChecked();
  });

  it('permission refused: nothing is registered and the toast says how to allow it', async () => {
    const browser = fakeBrowser('denied');
    const server = renderPushCard(browser.env);
    const toggle = screen.getByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for this site');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.called('POST /api/v1/notification_subscriptions')).toHaveLength(0);
    expect(toggle).not.toBeChecked();
  });

  it('a push service the browser cannot reach is said so, and nothing is registered', async () => {
    const browser = fakeBrowser('granted');
    browser.pushManager.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service not available', 'AbortError'));
    const server = renderPushCard(browser.env);
    const toggle = screen.getByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your browser could not register with its push service');
    expect(server.called('POST /api/v1/notification_subscriptions')).toHaveLength(0);
    expect(toggle).not.toBeChecked();
  });

  it('a registration the server refuses is undone in the browser too', async () => {
    const browser = fakeBrowser('granted');
    renderPushCard(browser.env, { 'POST /api/v1/notification_subscriptions': { status: 422, body: { message: 'bad' } } });
    const toggle = screen.getByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Could not change push notifications. Please try again.')).toBeInTheDocument();
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });

  it('on in a subscribed browser; turning it off unregisters on the server, then in the browser', async () => {
    const browser = fakeBrowser('granted', true);
    const server = renderPushCard(browser.env);
    const toggle = screen.getByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    expect(await screen.findByText('Push notifications turned off for this browser')).toBeInTheDocument();
    expect(server.called('DELETE /api/v1/notification_subscriptions')[0]!.body).toEqual({ endpoint: 'https://push.example.com/send/abc' });
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });
});

describe('keeping the registration', () => {
  it('a subscribed browser with permission registers again on app load; one without does nothing', async () => {
    const subscribed = fakeBrowser('granted', true);
    let server = renderPushCard({});
    renderHook(() => useKeepPushRegistered(1, subscribed.env));
    await waitFor(() => expect(server.called('POST /api/v1/notification_subscriptions')).toHaveLength(1));
    expect(server.called('POST /api/v1/notification_subscriptions')[0]!.body).toMatchObject({
      notification_subscription: { subscription_type: 'browser_push', subscription_attributes: { endpoint: 'https://push.example.com/send/abc' } },
    });

    const fresh = fakeBrowser('granted', false);
    server = renderPushCard({});
    renderHook(() => useKeepPushRegistered(1, fresh.env));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.called('POST /api/v1/notification_subscriptions')).toHaveLength(0);
    expect(fresh.pushManager.getSubscription).not.toHaveBeenCalled();
  });
});
