import { SESSION_HEADERS } from '@app/shared/auth';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from '../../playwright.config.ts';
import { expect, test } from '../../fixtures.ts';
import { InboxWizardPage } from '../../pages/inbox-wizard-page.ts';

/** An agent of the account, invited through the API (the agents screen is another feature). */
async function inviteAgent(request: APIRequestContext, accountId: number, name: string) {
  const signIn = await request.post('/auth/sign_in', { data: { email: ADMIN.email, password: ADMIN.password } });
  const headers = Object.fromEntries(SESSION_HEADERS.map((h) => [h, signIn.headers()[h]!]));
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${Date.now()}@example.com`;
  const response = await request.post(`/api/v1/accounts/${accountId}/agents`, { headers, data: { name, email, role: 'agent' } });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('[inboxes] creation wizard', () => {
  test('S1-4.05 S1-2.104 S1-2.105 an administrator creates an API inbox, adds an agent and sees its credentials', async ({ adminPage }) => {
    const agentName = `Ada Agent ${Date.now()}`;
    await inviteAgent(adminPage.request, adminPage.accountId, agentName);
    const wizard = new InboxWizardPage(adminPage, adminPage.accountId);
    await wizard.open();
    await expect(wizard.currentStep()).toContainText('Choose a channel');
    await wizard.choose('API');

    const form = wizard.form('API inbox');
    await form.getByRole('button', { name: 'Create inbox' }).click();
    await expect(form.getByLabel('Channel name')).toHaveAccessibleDescription('Please enter a channel name.');
    await form.getByLabel('Channel name').fill(`Mobile app ${Date.now()}`);
    await form.getByLabel('Webhook URL').fill('https://hooks.example.com/relay');
    await form.getByRole('button', { name: 'Create inbox' }).click();

    await expect(adminPage).toHaveURL(/\/settings\/inboxes\/new\/\d+\/agents$/);
    await expect(wizard.currentStep()).toContainText('Add agents');
    await wizard.agents().getByRole('checkbox', { name: new RegExp(agentName) }).check();
    await adminPage.getByRole('button', { name: 'Add agents' }).click();

    await expect(adminPage).toHaveURL(/\/settings\/inboxes\/new\/\d+\/finish$/);
    await expect(adminPage.getByRole('heading', { name: 'Your inbox is ready!' })).toBeVisible();
    await expect(adminPage.getByLabel('Inbox identifier')).toHaveText(/\S{10,}/);
    await expect(adminPage.getByLabel('HMAC token')).toHaveText(/\S{10,}/);
    await expect(adminPage.getByLabel('Webhook URL')).toHaveText('https://hooks.example.com/relay');
    await adminPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await adminPage.getByRole('button', { name: 'Copy' }).first().click();
    await expect(adminPage.getByRole('button', { name: 'Copied' })).toBeVisible();

    // The agent is now a member of the new inbox.
    const inboxId = adminPage.url().match(/new\/(\d+)\/finish/)![1];
    const members = await adminPage.evaluate(async ([account, inbox]) => {
      const session = JSON.parse(decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('cw_d_session_info='))!.split('=')[1]!));
      const response = await fetch(`/api/v1/accounts/${account}/inbox_members/${inbox}`, { headers: session });
      return ((await response.json()) as { payload: { name: string }[] }).payload.map((member) => member.name);
    }, [adminPage.accountId, inboxId] as const);
    expect(members).toContain(agentName);
  });

  test('S1-2.89 S1-3.01 S1-2.87 an administrator creates a website inbox with a formatted greeting and gets the widget script', async ({ adminPage }) => {
    const wizard = new InboxWizardPage(adminPage, adminPage.accountId);
    await wizard.open();
    await wizard.choose('Website');
    const form = wizard.form('Website inbox');
    const submit = form.getByRole('button', { name: 'Create inbox' });
    await expect(submit).toBeDisabled();
    await form.getByLabel('Inbox name').fill(`Acme site ${Date.now()}`);
    await form.getByLabel('Website domain').fill('www.acme.example');
    await expect(submit).toBeEnabled();
    await form.getByRole('switch', { name: 'Greeting message' }).click();
    const greeting = form.getByRole('textbox', { name: 'Greeting message text' });
    await greeting.click();
    await form.getByRole('button', { name: 'Bold' }).click();
    await greeting.pressSequentially('Welcome!');
    await submit.click();

    await expect(adminPage).toHaveURL(/\/settings\/inboxes\/new\/\d+\/agents$/);
    await adminPage.getByRole('button', { name: 'Skip for now' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Your inbox is ready!' })).toBeVisible();
    const script = adminPage.getByLabel('Widget script');
    await expect(script).toContainText('websiteToken');
    await expect(script).toContainText('/packs/js/sdk.js');

    // The greeting from the rich editor is kept as markdown.
    const inboxId = adminPage.url().match(/new\/(\d+)\/finish/)![1];
    const inbox = await adminPage.evaluate(async ([account, id]) => {
      const session = JSON.parse(decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('cw_d_session_info='))!.split('=')[1]!));
      return (await fetch(`/api/v1/accounts/${account}/inboxes/${id}`, { headers: session })).json() as Promise<{ greeting_enabled: boolean; greeting_message: string }>;
    }, [adminPage.accountId, inboxId] as const);
    expect(inbox).toMatchObject({ greeting_enabled: true, greeting_message: '**Welcome!**' });
  });
});
