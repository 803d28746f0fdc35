import { expect, test } from '../../fixtures.ts';
import { DashboardPage } from '../../pages/dashboard-page.ts';
import { LoginPage } from '../../pages/login-page.ts';

test.describe('[auth] sign out', () => {
  test('S0-7.17 signing out returns to the login screen and ends the session', async ({ adminPage }) => {
    const dashboard = new DashboardPage(adminPage);
    await expect(dashboard.welcome).toBeVisible();
    await dashboard.signOut.click();
    await expect(adminPage).toHaveURL(/\/app\/login$/);
    await expect(new LoginPage(adminPage).heading).toBeVisible();

    // the dashboard is closed again
    await adminPage.goto(`/app/accounts/${adminPage.accountId}/dashboard`);
    await expect(adminPage).toHaveURL(/\/app\/login/);
  });
});
