import { expect, latestMailTo, test } from '../../fixtures.ts';
import { LoginPage } from '../../pages/login-page.ts';
import { PasswordEditPage } from '../../pages/password-pages.ts';
import { AgentsPage, TeamsPage } from './people-pages.ts';

const PASSWORD = 'Nadia-pass-2026';

test.describe('[people] invite an agent and build a team', () => {
  test('S1-7.37 the administrator invites an agent, who sets a password from the mail and signs in; then a team is built with them', async ({ adminPage, browser }) => {
    const stamp = Date.now().toString(36);
    const name = `Nadia Farouk ${stamp}`;
    const email = `nadia.${stamp}@example.com`;

    // The administrator invites one agent through the dialog; a wrong address is refused first.
    const agents = new AgentsPage(adminPage);
    await agents.goto(adminPage.accountId);
    await expect(agents.heading).toBeVisible();
    await agents.inviteButton.click();
    await agents.dialog.getByLabel('Name').fill(name);
    await agents.dialog.getByLabel('Email').fill('nadia@');
    await agents.dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(agents.dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await agents.dialog.getByLabel('Email').fill(email);
    await agents.dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(agents.toast(`Invitation sent to ${email}`)).toBeVisible();
    await expect(agents.row(email)).toContainText('Verification pending');

    // The invited agent opens the mailed link in a browser of their own and chooses a password.
    const link = /http\S+reset_password_token=[\w-]+/.exec(latestMailTo(email))![0];
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await agentPage.goto(link);
    const edit = new PasswordEditPage(agentPage);
    await edit.password.fill(PASSWORD);
    await edit.confirmation.fill(PASSWORD);
    await edit.submit.click();
    await expect(agentPage).toHaveURL(/\/app\/accounts\/\d+\/dashboard$/);

    // They sign out and in again with the new password.
    await agentPage.getByRole('button', { name: 'Sign out' }).click();
    await expect(agentPage).toHaveURL(/\/app\/login$/);
    const login = new LoginPage(agentPage);
    await login.signIn(email, PASSWORD);
    await expect(agentPage).toHaveURL(new RegExp(`/app/accounts/${adminPage.accountId}/dashboard$`));
    await agentContext.close();

    // The administrator sees them verified.
    await adminPage.reload();
    await expect(agents.row(email)).toContainText('Verified');

    // The administrator builds a team with them through the wizard.
    const teams = new TeamsPage(adminPage);
    await teams.goto(adminPage.accountId);
    await teams.newTeam.click();
    await expect(teams.activeStep).toContainText('Create');
    await teams.create.click();
    await expect(adminPage.getByText('Please enter a team name.')).toBeVisible();
    const teamName = `Refunds ${stamp}`;
    await teams.name.fill(teamName);
    await teams.description.fill('Refund requests and chargebacks');
    await teams.create.click();

    await expect(adminPage).toHaveURL(/\/settings\/teams\/new\/\d+\/agents$/);
    await expect(teams.activeStep).toContainText('Add agents');
    await teams.search.fill('nadia');
    await teams.agentCheckbox(name).check();
    await teams.addAgents.click();

    await expect(adminPage).toHaveURL(/\/settings\/teams\/new\/\d+\/finish$/);
    await expect(adminPage.getByRole('heading', { name: `The team ${teamName} is ready` })).toBeVisible();
    await expect(adminPage.getByRole('region', { name: 'Agents in the team' })).toContainText(name);

    await adminPage.getByRole('link', { name: 'Back to teams' }).click();
    await expect(adminPage.getByRole('row').filter({ hasText: teamName })).toContainText('Refund requests and chargebacks');
  });
});
