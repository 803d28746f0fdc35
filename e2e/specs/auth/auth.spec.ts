import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, DATA_DIR } from '../../playwright.config.ts';
import { LoginPage } from '../../pages/login-page.ts';

function latestMailTo(email: string): string {
  const outbox = path.join(DATA_DIR, 'outbox');
  const files = readdirSync(outbox).sort().reverse();
  for (const file of files) {
    const text = readFileSync(path.join(outbox, file), 'utf8');
    if (text.includes(`To: ${email}`)) return text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  }
  throw new Error(`no mail to ${email}`);
}

test.describe('[auth] signing in and out', () => {
  test('S0-8.26 a visitor opening a dashboard lands on the login screen', async ({ page }) => {
    await page.goto('/app/accounts/1/dashboard');
    await expect(page).toHaveURL(/\/app\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in to Relay Desk' })).toBeVisible();
  });

  test('a wrong password shows the error and stays on the login screen', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials. Please try again.');
    await expect(page).toHaveURL(/\/app\/login/);
  });

  test('S0-7.01 the seeded administrator signs in, sees the account, and signs out', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/app\/accounts\/\d+\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
    await expect(page.locator('.topbar__account')).toHaveText(ADMIN.account);

    // the session survives a reload (it lives in the session cookie)
    await page.reload();
    await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/login/);
    await page.goto('/app/accounts/1/dashboard');
    await expect(page).toHaveURL(/\/app\/login/);
  });

  test('S0-7.13 S0-8.03 S0-8.04 creating an account opens its dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new account' });
    await expect(dialog.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await dialog.getByLabel('Account name').fill(`Second desk ${Date.now()}`);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/app\/accounts\/(\d+)\/dashboard$/);
    await expect(page.locator('.topbar__account')).toHaveText(/Second desk/);
    await page.getByRole('button', { name: 'Sign out' }).click();
  });
});

test.describe('[auth] password reset', () => {
  test('S0-7.14 a reset link from the mailed message sets a new password and signs in', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that email');

    const link = /http\S+reset_password_token=[\w-]+/.exec(latestMailTo(ADMIN.email))![0];
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Confirm the new password').fill('something-else');
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm the new password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page).toHaveURL(/\/app\/accounts\/\d+\/dashboard$/);

    // the link works once
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-1');
    await page.getByLabel('Confirm the new password').fill('Another-pass-1');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  });
});
