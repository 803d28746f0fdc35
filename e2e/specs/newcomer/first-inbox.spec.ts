import { expect, latestMailTo, test } from '../../fixtures.ts';
import { InboxWizardPage } from '../../pages/inbox-wizard-page.ts';
import { PasswordEditPage } from '../../pages/password-pages.ts';
import { AgentsPage } from '../people/people-pages.ts';

// An administrator's first minutes, all in the dashboard: invite a colleague, create an inbox for them through
// the wizard; the colleague sets a password from the mail and finds the new inbox in their sidebar.
test.describe('[newcomer] the first inbox and the first colleague', () => {
  test('an invited agent added in the wizard sees the new inbox after setting a password from the mail', async ({ adminPage, browser }) => {
    const stamp = Date.now().toString(36);
    const name = `Lena Hart ${stamp}`;
    const email = `lena.${stamp}@example.com`;
    const inboxName = `Shop app ${stamp}`;

    const agents = new AgentsPage(adminPage);
    await agents.goto(adminPage.accountId);
    await agents.inviteOne(name, email);
    await expect(agents.toast(`Invitation sent to ${email}`)).toBeVisible();

    const wizard = new InboxWizardPage(adminPage, adminPage.accountId);
    await wizard.open();
    await wizard.choose('API');
    const form = wizard.form('API inbox');
    await form.getByLabel('Channel name').fill(inboxName);
    await form.getByRole('button', { name: 'Create inbox' }).click();
    await expect(adminPage).toHaveURL(/\/settings\/inboxes\/new\/\d+\/agents$/);
    await wizard.agents().getByRole('checkbox', { name: new RegExp(name) }).check();
    await adminPage.getByRole('button', { name: 'Add agents' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Your inbox is ready!' })).toBeVisible();

    // The settings menu keeps "Inboxes" marked through the wizard, and the new inbox is in the list.
    await expect(adminPage.getByRole('navigation', { name: 'Section navigation' }).getByRole('link', { name: 'Inboxes' })).toHaveAttribute('aria-current', 'page');
    await adminPage.goto(`/app/accounts/${adminPage.accountId}/settings/inboxes/list`);
    await expect(adminPage.getByRole('row').filter({ hasText: inboxName })).toBeVisible();

    const link = /http\S+reset_password_token=[\w-]+/.exec(latestMailTo(email))![0];
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    await agentPage.goto(link);
    const edit = new PasswordEditPage(agentPage);
    await edit.password.fill('Lena-pass-2026');
    await edit.confirmation.fill('Lena-pass-2026');
    await edit.submit.click();
    await expect(agentPage).toHaveURL(/\/app\/accounts\/\d+\/dashboard$/);
    await expect(agentPage.getByRole('region', { name: 'Inboxes' }).getByRole('link', { name: inboxName })).toBeVisible();
    await context.close();
  });
});
