import { expect, test } from '../../fixtures.ts';
import { ProfileSettingsPage } from './profile-settings-page.ts';

test.describe('[profile] settings', () => {
  test('S0-7.18 S0-7.19 S0-3.13 a new display name and send key are saved and still there after a reload', async ({ adminPage }) => {
    const profile = new ProfileSettingsPage(adminPage);
    await profile.goto(adminPage.accountId);
    await expect(profile.heading).toBeVisible();
    await expect(profile.sendKeyChoice('Enter to send')).toBeChecked();

    const name = `Ada ${Date.now() % 100_000}`;
    await profile.displayName.fill(name);
    await profile.saveProfile.click();
    await expect(profile.toast('Your profile has been updated')).toBeVisible();
    await expect(profile.saveProfile).toBeDisabled();

    await profile.sendKeyChoice('Cmd/Ctrl + Enter to send').check();
    await expect(profile.toast('Send key saved')).toBeVisible();

    await adminPage.reload();
    await expect(profile.heading).toBeVisible();
    await expect(profile.displayName).toHaveValue(name);
    await expect(profile.sendKeyChoice('Cmd/Ctrl + Enter to send')).toBeChecked();
    await expect(profile.sendKeyChoice('Enter to send')).not.toBeChecked();

    // back as the other specs expect the administrator
    await profile.displayName.fill('');
    await profile.saveProfile.click();
    await expect(profile.toast('Your profile has been updated')).toBeVisible();
    await profile.sendKeyChoice('Enter to send').check();
    await expect(profile.toast('Send key saved')).toBeVisible();
  });

  test('a wrong current password is refused under its field', async ({ adminPage }) => {
    const profile = new ProfileSettingsPage(adminPage);
    await profile.goto(adminPage.accountId);
    const password = adminPage.getByRole('form', { name: 'Password' });
    await password.getByLabel('Current password').fill('not-the-password');
    await password.getByLabel('New password', { exact: true }).fill('another-secret');
    await password.getByLabel('Confirm new password').fill('another-secret');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Current password is incorrect')).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});
