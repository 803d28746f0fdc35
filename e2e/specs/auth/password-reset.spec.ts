import { ADMIN } from '../../playwright.config.ts';
import { expect, mailAfter, test } from '../../fixtures.ts';
import { LoginPage } from '../../pages/login-page.ts';
import { PasswordEditPage, ResetRequestPage } from '../../pages/password-pages.ts';

const SENT = 'If an account exists for that email, a link to reset the password is on its way.';

test.describe('[auth] password reset', () => {
  test('S0-7.14 requesting a reset shows the confirmation message, the same for an unknown email', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.forgotPassword.click();
    await expect(page).toHaveURL(/\/app\/auth\/reset\/password/);

    const reset = new ResetRequestPage(page);
    await reset.request('nobody-here@example.com');
    await expect(reset.confirmation).toContainText(SENT);

    await page.goto('/app/auth/reset/password');
    await reset.request(ADMIN.email);
    await expect(reset.confirmation).toContainText(SENT);
  });

  test('the mailed link sets a new password, signs in, and works only once', async ({ page }) => {
    await page.goto('/app/auth/reset/password');
    // the first test mailed the administrator a link too: the one to follow is the mail this request sends
    const mail = await mailAfter(ADMIN.email, async () => {
      await new ResetRequestPage(page).request(ADMIN.email);
      await expect(page.getByRole('status')).toContainText(SENT);
    });

    const link = /http\S+reset_password_token=[\w-]+/.exec(mail)![0];
    expect(link).toContain('/app/auth/password/edit?reset_password_token=');
    await page.goto(link);
    const edit = new PasswordEditPage(page);
    await edit.password.fill(ADMIN.password);
    await edit.confirmation.fill('something-else');
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();
    await edit.confirmation.fill(ADMIN.password);
    await edit.submit.click();
    await expect(page).toHaveURL(/\/app\/accounts\/\d+\/dashboard$/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    await page.goto(link);
    await edit.password.fill('Another-pass-1');
    await edit.confirmation.fill('Another-pass-1');
    await edit.submit.click();
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  });
});
