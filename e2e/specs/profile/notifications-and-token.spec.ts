import { expect, test } from '../../fixtures.ts';
import { ProfileSettingsPage } from './profile-settings-page.ts';

test.describe('[profile] access token, notification preferences and audio alerts', () => {
  test('the access token is hidden until shown, and a confirmed reset replaces it: the old one stops working', async ({ adminPage }) => {
    const profile = new ProfileSettingsPage(adminPage);
    await profile.goto(adminPage.accountId);
    await expect(profile.heading).toBeVisible();
    await expect(profile.accessTokenValue).toHaveValue(/^•+.{4}$/);

    await profile.accessToken.getByRole('button', { name: 'Show' }).click();
    const before = await profile.accessTokenValue.inputValue();
    expect(before).not.toContain('•');
    const asUser = (token: string) => adminPage.request.get('/api/v1/profile', { headers: { api_access_token: token } });
    expect((await asUser(before)).status()).toBe(200);

    await profile.accessToken.getByRole('button', { name: 'Reset token' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reset your access token?' });
    await dialog.getByRole('button', { name: 'Reset token' }).click();
    await expect(profile.toast('A new access token was made')).toBeVisible();
    await expect(profile.accessTokenValue).not.toHaveValue(before);
    const after = await profile.accessTokenValue.inputValue();
    expect(after).not.toContain('•');

    expect((await asUser(before)).status()).toBe(401);
    expect((await asUser(after)).status()).toBe(200);
    // still signed in through the session, and the new token is the one the page shows after a reload
    await adminPage.reload();
    await profile.accessToken.getByRole('button', { name: 'Show' }).click();
    await expect(profile.accessTokenValue).toHaveValue(after);
  });

  test('S1-3.36 S1-7.132 a notification preference and an audio alert choice are saved and still there after a reload', async ({ adminPage }) => {
    const profile = new ProfileSettingsPage(adminPage);
    await profile.goto(adminPage.accountId);
    const creation = profile.notificationFlag('Email: A new conversation is created');
    const assignmentPush = profile.notificationFlag('Push: A conversation is assigned to you');
    await expect(creation).not.toBeChecked();
    await expect(assignmentPush).toBeChecked();

    await creation.check();
    await expect(profile.toast('Notification preferences saved')).toBeVisible();
    await assignmentPush.uncheck();
    await expect(assignmentPush).not.toBeChecked();
    await expect(assignmentPush).toBeEnabled();

    await profile.audioAlerts.getByRole('radio', { name: 'Conversations assigned to me' }).check();
    await expect(profile.toast('Audio alert settings saved')).toBeVisible();

    await adminPage.reload();
    await expect(profile.heading).toBeVisible();
    await expect(creation).toBeChecked();
    await expect(assignmentPush).not.toBeChecked();
    await expect(profile.audioAlerts.getByRole('radio', { name: 'Conversations assigned to me' })).toBeChecked();
    await expect(profile.audioAlerts.getByLabel('Tone')).toBeEnabled();

    // back to the defaults for the other specs
    await creation.uncheck();
    await expect(creation).toBeEnabled();
    await assignmentPush.check();
    await expect(assignmentPush).toBeEnabled();
    await profile.audioAlerts.getByRole('radio', { name: 'No conversations (off)' }).check();
    await expect(profile.audioAlerts.getByLabel('Tone')).toBeDisabled();
  });
});
