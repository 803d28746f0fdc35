import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CurrentUser } from '@app/shared/users';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { readSession, storeSession } from '../../../lib/session.ts';
import { sessionKeys } from '../../auth/index.ts';

const USER = makeUser({ ui_settings: { editor_message_key: 'enter', enter_to_send_enabled: true } });
const PATH = '/app/accounts/7/profile/settings';
const SETTINGS = {
  id: 1,
  user_id: 1,
  account_id: 7,
  all_email_flags: [],
  selected_email_flags: ['email_conversation_assignment'],
  all_push_flags: [],
  selected_push_flags: ['push_conversation_assignment'],
};

/** The profile page with a fake API; PUT /api/v1/profile answers `put` (by default: the user with the changes applied). */
function openProfile(
  put?: Reply | ((call: Call) => Reply | Promise<Reply>),
  extra: Record<string, Reply | ((call: Call) => Reply)> = {},
  user: CurrentUser = USER,
) {
  storeSession(new Headers(sessionHeaders()));
  const server = fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: user } } },
    'PUT /api/v1/profile':
      put ??
      ((call) => {
        const changes = (call.body as { profile: Partial<CurrentUser> }).profile;
        return { body: { ...user, ...changes, ui_settings: { ...user.ui_settings, ...changes.ui_settings } } };
      }),
    'GET /api/v1/accounts/7/notification_settings': { body: SETTINGS },
    ...extra,
  });
  const view = renderApp(PATH);
  const cachedUser = () => view.client.getQueryData<CurrentUser>(sessionKeys.currentUser());
  return { server, cachedUser, ...view };
}

/** The page's heading; the shell and the page are lazy chunks, which the first test of the file transforms. */
const findPage = () => screen.findByRole('heading', { level: 1, name: 'Profile settings' }, { timeout: 5000 });

/** A section of the page: a form when it has a save button, a region otherwise. */
const card = async (name: string) => {
  await findPage();
  return screen.queryByRole('form', { name }) ?? screen.getByRole('region', { name });
};
const unprocessable = (errors: Record<string, string[]>): Reply => ({
  status: 422,
  body: { message: 'Validation failed', attributes: Object.keys(errors), errors },
});

describe('profile settings page', () => {
  it('S0-2.91 is the page at profile/settings, with a section per part of the profile', async () => {
    openProfile();
    expect(await findPage()).toBeInTheDocument();
    for (const name of ['Profile', 'Email address', 'Password', 'Message signature', 'Add the signature to replies in', 'Sending messages']) {
      expect(await card(name)).toBeInTheDocument();
    }
  });

  it('S0-3.10 S0-7.18 saves the full name and display name, shows a success toast and updates the cached user', async () => {
    const { server, cachedUser } = openProfile();
    const profile = await card('Profile');
    const save = within(profile).getByRole('button', { name: 'Save' });
    // nothing changed yet
    expect(save).toBeDisabled();
    await userEvent.clear(within(profile).getByLabelText('Full name'));
    await userEvent.type(within(profile).getByLabelText('Full name'), ' Jane Q. Doe ');
    await userEvent.type(within(profile).getByLabelText('Display name'), 'Jane');
    await userEvent.click(save);
    expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
    expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({ profile: { name: 'Jane Q. Doe', display_name: 'Jane' } });
    expect(cachedUser()).toMatchObject({ name: 'Jane Q. Doe', display_name: 'Jane' });
    expect(within(profile).getByLabelText('Full name')).toHaveValue('Jane Q. Doe');
  });

  it('an empty display name is saved as none; a blank full name is refused before any call', async () => {
    const { server } = openProfile(undefined, {}, makeUser({ display_name: 'JD' }));
    const profile = await card('Profile');
    await userEvent.clear(within(profile).getByLabelText('Full name'));
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(within(profile).getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your full name.');
    // the refused field takes the focus
    await waitFor(() => expect(within(profile).getByLabelText('Full name')).toHaveFocus());
    expect(server.called('PUT /api/v1/profile')).toHaveLength(0);
    await userEvent.type(within(profile).getByLabelText('Full name'), 'Jane Doe');
    expect(within(profile).getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(within(profile).getByLabelText('Display name'));
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.called('PUT /api/v1/profile')).toHaveLength(1));
    expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({ profile: { name: 'Jane Doe', display_name: null } });
  });

  it("shows the server's 422 messages under the section's fields", async () => {
    openProfile(unprocessable({ name: ['is too long (maximum is 255 characters)'] }));
    const profile = await card('Profile');
    await userEvent.type(within(profile).getByLabelText('Full name'), 'x');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(profile).getByLabelText('Full name')).toHaveAccessibleDescription('Full name is too long (maximum is 255 characters)'),
    );
    // editing the field takes the message away
    await userEvent.type(within(profile).getByLabelText('Full name'), 'y');
    expect(within(profile).getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
  });

  it('any other failure shows an error toast and keeps what was typed', async () => {
    openProfile({ status: 500, body: { error: 'Something went wrong on our side.' } });
    const profile = await card('Profile');
    await userEvent.type(within(profile).getByLabelText('Display name'), 'Jay');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your changes. Please try again.');
    expect(within(profile).getByLabelText('Display name')).toHaveValue('Jay');
  });

  it('shows a spinner on the save button while saving', async () => {
    let release!: (reply: Reply) => void;
    openProfile(() => new Promise<Reply>((resolve) => (release = resolve)));
    const profile = await card('Profile');
    await userEvent.type(within(profile).getByLabelText('Display name'), 'Jay');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    release({ body: { ...USER, display_name: 'Jay' } });
    expect(await within(profile).findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  describe('email', () => {
    it('a new address needs the current password; the session keeps the new uid the server answers', async () => {
      const { server, cachedUser } = openProfile((call) => {
        const { email } = (call.body as { profile: { email: string } }).profile;
        return { body: { ...USER, email, uid: email, confirmed: false }, headers: { uid: email } };
      });
      const section = await card('Email address');
      expect(within(section).queryByLabelText('Current password')).not.toBeInTheDocument();
      await userEvent.clear(within(section).getByLabelText('Email address'));
      await userEvent.type(within(section).getByLabelText('Email address'), 'not-an-email');
      await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
      expect(within(section).getByLabelText('Email address')).toHaveAccessibleDescription('Please enter a valid email address.');
      expect(within(section).getByLabelText('Current password')).toHaveAccessibleDescription('Please enter your current password.');
      expect(server.called('PUT /api/v1/profile')).toHaveLength(0);

      await userEvent.clear(within(section).getByLabelText('Email address'));
      await userEvent.type(within(section).getByLabelText('Email address'), 'jane@newco.example');
      await userEvent.type(within(section).getByLabelText('Current password'), 'secret-1');
      await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Email address changed. Check your inbox for the confirmation link.')).toBeInTheDocument();
      expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({ profile: { email: 'jane@newco.example', current_password: 'secret-1' } });
      expect(readSession()?.uid).toBe('jane@newco.example');
      expect(cachedUser()).toMatchObject({ email: 'jane@newco.example', confirmed: false });
      expect(within(section).queryByLabelText('Current password')).not.toBeInTheDocument();
    });

    it('a taken address or a wrong current password shows the server message under its field', async () => {
      openProfile(unprocessable({ email: ['has already been taken'] }));
      const section = await card('Email address');
      await userEvent.clear(within(section).getByLabelText('Email address'));
      await userEvent.type(within(section).getByLabelText('Email address'), 'taken@example.com');
      await userEvent.type(within(section).getByLabelText('Current password'), 'secret-1');
      await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(within(section).getByLabelText('Email address')).toHaveAccessibleDescription('Email address has already been taken'),
      );
    });
  });

  describe('password', () => {
    it('needs the current password, at least 6 characters and the same confirmation, before any call', async () => {
      const { server } = openProfile();
      const section = await card('Password');
      const save = within(section).getByRole('button', { name: 'Change password' });
      expect(save).toBeDisabled();
      await userEvent.type(within(section).getByLabelText('New password'), 'abc12');
      await userEvent.type(within(section).getByLabelText('Confirm new password'), 'abc123');
      await userEvent.click(save);
      expect(within(section).getByLabelText('Current password')).toHaveAccessibleDescription('Please enter your current password.');
      expect(within(section).getByLabelText('New password')).toHaveAccessibleDescription('Use at least 6 characters.');
      expect(within(section).getByLabelText('Confirm new password')).toHaveAccessibleDescription('The two passwords do not match.');
      expect(server.called('PUT /api/v1/profile')).toHaveLength(0);
    });

    it('S0-3.10 sends current_password, password and password_confirmation; the fields empty after the change', async () => {
      const { server } = openProfile({ body: USER });
      const section = await card('Password');
      await userEvent.type(within(section).getByLabelText('Current password'), 'old-secret');
      await userEvent.type(within(section).getByLabelText('New password'), 'new-secret');
      await userEvent.type(within(section).getByLabelText('Confirm new password'), 'new-secret');
      await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
      expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({
        profile: { current_password: 'old-secret', password: 'new-secret', password_confirmation: 'new-secret' },
      });
      for (const label of ['Current password', 'New password', 'Confirm new password']) expect(within(section).getByLabelText(label)).toHaveValue('');
    });

    it('a wrong current password shows "Current password is incorrect" under it', async () => {
      openProfile(unprocessable({ current_password: ['is incorrect'] }));
      const section = await card('Password');
      await userEvent.type(within(section).getByLabelText('Current password'), 'wrong');
      await userEvent.type(within(section).getByLabelText('New password'), 'new-secret');
      await userEvent.type(within(section).getByLabelText('Confirm new password'), 'new-secret');
      await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(within(section).getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect'));
      expect(within(section).getByLabelText('New password')).toHaveValue('new-secret');
    });
  });

  it('saves the markdown signature as typed, and an empty one as none', async () => {
    const { server, cachedUser } = openProfile();
    const section = await card('Message signature');
    const field = within(section).getByLabelText('Signature');
    expect(field).toHaveAccessibleDescription(/Markdown works here/);
    await userEvent.type(field, '**Jane**{Enter}Support at _Acme_');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Signature saved')).toBeInTheDocument();
    expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({ profile: { message_signature: '**Jane**\nSupport at _Acme_' } });
    expect(cachedUser()?.message_signature).toBe('**Jane**\nSupport at _Acme_');
    await userEvent.clear(field);
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.called('PUT /api/v1/profile')).toHaveLength(2));
    expect(server.called('PUT /api/v1/profile')[1]!.body).toEqual({ profile: { message_signature: null } });
  });

  it('S0-3.12 S0-7.19 a channel switch saves its signature flag in ui_settings at once', async () => {
    const { server, cachedUser } = openProfile(undefined, {}, makeUser({ ui_settings: { channel_api_signature_enabled: true } }));
    const section = await card('Add the signature to replies in');
    expect(within(section).getAllByRole('switch')).toHaveLength(10);
    expect(within(section).getByRole('switch', { name: 'API' })).toBeChecked();
    const email = within(section).getByRole('switch', { name: 'Email' });
    expect(email).not.toBeChecked();
    await userEvent.click(email);
    expect(email).toBeChecked();
    expect(await screen.findByText('Signature setting saved')).toBeInTheDocument();
    expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({ profile: { ui_settings: { channel_email_signature_enabled: true } } });
    expect(cachedUser()?.ui_settings).toMatchObject({ channel_email_signature_enabled: true, channel_api_signature_enabled: true });
  });

  it('a channel switch that could not be saved flips back', async () => {
    openProfile({ status: 500, body: {} });
    const section = await card('Add the signature to replies in');
    const whatsapp = within(section).getByRole('switch', { name: 'WhatsApp' });
    await userEvent.click(whatsapp);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your changes. Please try again.');
    expect(whatsapp).not.toBeChecked();
  });

  it('S0-3.13 S0-7.19 the send key is Enter or Cmd/Ctrl+Enter, saved in ui_settings as soon as it is chosen', async () => {
    const { server, cachedUser } = openProfile();
    const section = await card('Sending messages');
    const enter = within(section).getByRole('radio', { name: 'Enter to send' });
    const cmdEnter = within(section).getByRole('radio', { name: 'Cmd/Ctrl + Enter to send' });
    expect(enter).toBeChecked();
    await userEvent.click(cmdEnter);
    expect(cmdEnter).toBeChecked();
    expect(await screen.findByText('Send key saved')).toBeInTheDocument();
    expect(server.called('PUT /api/v1/profile')[0]!.body).toEqual({ profile: { ui_settings: { editor_message_key: 'cmd_enter', enter_to_send_enabled: false } } });
    expect(cachedUser()?.ui_settings.editor_message_key).toBe('cmd_enter');
    expect(cmdEnter).toBeChecked();
  });

  it('a send key that could not be saved goes back to the saved one', async () => {
    openProfile(() => Promise.reject(new TypeError('Failed to fetch')), {}, makeUser({ ui_settings: { editor_message_key: 'cmd_enter' } }));
    const section = await card('Sending messages');
    await userEvent.click(within(section).getByRole('radio', { name: 'Enter to send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your changes. Please try again.');
    expect(within(section).getByRole('radio', { name: 'Cmd/Ctrl + Enter to send' })).toBeChecked();
  });

  describe('avatar', () => {
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:preview');
      URL.revokeObjectURL = vi.fn();
    });
    afterEach(() => {
      delete (URL as { createObjectURL?: unknown }).createObjectURL;
      delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    });

    it('S0-7.18 a chosen picture is uploaded at once as multipart profile[avatar], then shown', async () => {
      const { server, cachedUser } = openProfile({ body: { ...USER, avatar_url: '/uploads/avatars/jane.png', thumbnail: '/uploads/avatars/jane.png' } });
      const profile = await card('Profile');
      const picture = new File(['png'], 'jane.png', { type: 'image/png' });
      await userEvent.upload(within(profile).getByLabelText('Profile picture', { selector: 'input' }), picture);
      expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
      const [, init] = server.fetchMock.mock.calls.find(([path, options]) => path === '/api/v1/profile' && options?.method === 'PUT')!;
      const form = init!.body as FormData;
      expect(form).toBeInstanceOf(FormData);
      expect(form.get('profile[avatar]')).toBeInstanceOf(File);
      expect((form.get('profile[avatar]') as File).name).toBe('jane.png');
      // the session headers go along, and no JSON content type
      expect(init!.headers).toMatchObject({ 'access-token': 'tok-123', uid: 'jane@example.com' });
      expect(init!.headers).not.toHaveProperty('Content-Type');
      expect(cachedUser()?.avatar_url).toBe('/uploads/avatars/jane.png');
      await waitFor(() => expect(screen.getByTestId('avatar-preview').querySelector('img')).toHaveAttribute('src', '/uploads/avatars/jane.png'));
    });

    it("a picture the server refuses shows its 422 message; other failures a toast", async () => {
      openProfile(unprocessable({ avatar: ['is not a PNG, JPEG, GIF or WebP image'] }));
      const profile = await card('Profile');
      await userEvent.upload(within(profile).getByLabelText('Profile picture', { selector: 'input' }), new File(['x'], 'a.png', { type: 'image/png' }));
      expect(await within(profile).findByRole('alert')).toHaveTextContent('Profile picture is not a PNG, JPEG, GIF or WebP image');
    });

    it('S0-7.22 removing asks first, then calls DELETE /api/v1/profile/avatar', async () => {
      const withPicture = makeUser({ avatar_url: '/uploads/avatars/jane.png', thumbnail: '/uploads/avatars/jane.png' });
      const { server, cachedUser } = openProfile(undefined, { 'DELETE /api/v1/profile/avatar': { body: { ...withPicture, avatar_url: '', thumbnail: '' } } }, withPicture);
      const profile = await card('Profile');
      await userEvent.click(within(profile).getByRole('button', { name: 'Remove' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove your profile picture?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
      expect(server.called('DELETE /api/v1/profile/avatar')).toHaveLength(0);

      await userEvent.click(within(profile).getByRole('button', { name: 'Remove' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Profile picture removed')).toBeInTheDocument();
      expect(server.called('DELETE /api/v1/profile/avatar')).toHaveLength(1);
      expect(cachedUser()?.avatar_url).toBe('');
      expect(screen.getByTestId('avatar-preview')).toHaveTextContent('JD');
    });
  });
});
