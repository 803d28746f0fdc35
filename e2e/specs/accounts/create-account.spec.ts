import { ADMIN } from '../../playwright.config.ts';
import { expect, test } from '../../fixtures.ts';
import { DashboardPage } from '../../pages/dashboard-page.ts';

test.describe('[accounts] create and switch', () => {
  test('S0-8.01 a taken name shows the exists message', async ({ adminPage }) => {
    await new DashboardPage(adminPage).openNewAccount();
    const dialog = adminPage.getByRole('dialog', { name: 'Create a new account' });
    await dialog.getByLabel('Account name').fill(ADMIN.account);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('An account with this name already exists');
  });

  test('S0-7.13 S0-8.03 S0-8.04 S0-7.24 creating an account opens its dashboard; switching back reloads the first', async ({ adminPage }) => {
    const dashboard = new DashboardPage(adminPage);
    await dashboard.openNewAccount();
    const dialog = adminPage.getByRole('dialog', { name: 'Create a new account' });
    await expect(dialog.getByRole('button', { name: 'Create account' })).toBeDisabled();
    const name = `Second desk ${Date.now()}`;
    await dialog.getByLabel('Account name').fill(name);
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect(adminPage.getByText('Account created successfully')).toBeVisible();
    await expect(adminPage).toHaveURL(/\/app\/accounts\/(\d+)\/dashboard$/);
    expect(adminPage.url()).not.toContain(`/accounts/${adminPage.accountId}/`);
    await expect(dashboard.accountName(name)).toBeVisible();

    const switcher = await dashboard.openAccountSwitch();
    await switcher.getByRole('button', { name: `Switch account: ${ADMIN.account}` }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/app/accounts/${adminPage.accountId}/dashboard$`));
    await expect(dashboard.accountName(ADMIN.account)).toBeVisible();
  });
});
