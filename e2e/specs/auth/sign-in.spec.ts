import { ADMIN } from '../../playwright.config.ts';
import { expect, test } from '../../fixtures.ts';
import { DashboardPage } from '../../pages/dashboard-page.ts';
import { LoginPage } from '../../pages/login-page.ts';

test.describe('[auth] sign in', () => {
  test('S0-7.01 the seeded administrator signs in and lands on the dashboard showing the account name', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.heading).toBeVisible();
    await login.signIn(ADMIN.email, ADMIN.password);

    const dashboard = new DashboardPage(page);
    await expect(page).toHaveURL(/\/app\/accounts\/\d+\/dashboard$/);
    await expect(dashboard.welcome).toBeVisible();
    await expect(dashboard.accountName(ADMIN.account)).toBeVisible();

    // S0-7.02 the session lives in the session cookie: it survives a reload
    await page.reload();
    await expect(dashboard.welcome).toBeVisible();
  });

  test('a wrong password shows the error and stays on the login screen', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.email, 'not-the-password');
    await expect(login.error).toHaveText('Invalid login credentials. Please try again.');
    await expect(page).toHaveURL(/\/app\/login/);
    await expect(login.submit).toBeEnabled();
  });

  test('S0-2.02 S0-8.26 visiting a dashboard signed out redirects to the login screen, and back after signing in', async ({ page }) => {
    await page.goto('/app/accounts/1/dashboard');
    await expect(page).toHaveURL(/\/app\/login\?redirect=%2Fapp%2Faccounts%2F1%2Fdashboard$/);
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/app\/accounts\/1\/dashboard$/);
  });

  test('S0-2.03 /app takes a signed-in user to their dashboard', async ({ adminPage }) => {
    await adminPage.goto('/app');
    await expect(adminPage).toHaveURL(new RegExp(`/app/accounts/${adminPage.accountId}/dashboard$`));
  });

  test('S0-2.04 an account the user does not belong to is refused', async ({ adminPage }) => {
    await adminPage.goto('/app/accounts/999999/dashboard');
    // the login screen finds the user signed in and sends them on to their own account
    await expect(adminPage).toHaveURL(new RegExp(`/app/accounts/${adminPage.accountId}/dashboard$`));
  });
});
