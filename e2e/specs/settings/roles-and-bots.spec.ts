import { expect, test } from '../../fixtures.ts';

// Names of this run: the server's data dir is fresh per run, but a retry must not trip over its own rows.
const suffix = String(Date.now() % 100_000);
const ROLE = `Triage ${suffix}`;
const BOT = `Order bot ${suffix}`;

test.describe('[settings] custom roles, agent bots and the audit log', () => {
  test('S1-2.37 S0-2.15 S0-2.16 S0-2.19 an administrator creates a custom role and an agent bot, reveals its token, and finds both in the audit log', async ({ adminPage: page }) => {
    const settings = (rest: string) => `/app/accounts/${page.accountId}/settings/${rest}`;
    const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

    // a custom role with two permissions
    await page.goto(settings('custom-roles/list'));
    await expect(page.getByRole('heading', { level: 1, name: 'Custom roles' })).toBeVisible();
    await page.getByRole('button', { name: 'Add custom role' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a custom role' });
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(dialog.getByText('Enter a name for the role.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one permission.')).toBeVisible();
    await dialog.getByLabel('Name').fill(ROLE);
    await dialog.getByRole('checkbox', { name: /^Manage unassigned conversations/ }).check();
    await dialog.getByRole('checkbox', { name: /^Manage contacts/ }).check();
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(toast(`Custom role “${ROLE}” created`)).toBeVisible();
    const roleRow = page.getByRole('row').filter({ hasText: ROLE });
    await expect(roleRow.getByRole('listitem')).toHaveText(['Manage unassigned conversations', 'Manage contacts']);

    // an agent bot, then its token on demand
    await page.goto(settings('agent-bots'));
    await expect(page.getByRole('heading', { level: 1, name: 'Agent bots' })).toBeVisible();
    await page.getByRole('button', { name: 'Add bot' }).first().click();
    await expect(page).toHaveURL(/\/settings\/agent-bots\/csml\/new$/);
    const details = page.getByRole('form', { name: 'Details' });
    await details.getByLabel('Bot name').fill(BOT);
    await details.getByLabel('Webhook URL').fill('not a url');
    await details.getByLabel('Description').click();
    await expect(details.getByText('Enter a full http:// or https:// address.')).toBeVisible();
    await details.getByLabel('Webhook URL').fill('https://bots.example.com/orders');
    await details.getByRole('button', { name: 'Create bot' }).click();
    await expect(toast(`Agent bot “${BOT}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/agent-bots\/csml\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${BOT}` })).toBeVisible();

    const token = page.getByLabel(`Access token of ${BOT}`);
    await expect(token).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(token).toHaveAttribute('type', 'text');
    const first = await token.inputValue();
    expect(first.length).toBeGreaterThan(16);

    await page.getByRole('button', { name: 'Reset token' }).click();
    const confirm = page.getByRole('dialog', { name: `Reset the access token of “${BOT}”?` });
    await confirm.getByRole('button', { name: 'Reset token' }).click();
    await expect(toast('A new access token was made')).toBeVisible();
    await expect(token).not.toHaveValue(first);

    // the list shows the bot; the audit log tells what happened, newest first
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('table', { name: 'Agent bots' }).getByRole('link', { name: BOT })).toBeVisible();

    await page.goto(settings('audit-logs'));
    await expect(page).toHaveURL(/\/settings\/audit-logs\/list$/);
    const log = page.getByRole('table', { name: 'Audit log entries' });
    const activity = log.locator('tbody tr td:first-child');
    await expect(activity.nth(0)).toContainText(`reset the access token of agent bot ${BOT}`);
    await expect(activity.nth(1)).toContainText(`created agent bot ${BOT}`);
    await expect(activity.nth(2)).toContainText(`created custom role ${ROLE}`);
  });
});
