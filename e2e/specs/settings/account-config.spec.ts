import { expect, test } from '../../fixtures.ts';
import { ADMIN } from '../../playwright.config.ts';
import { ConversationPage } from '../conversations/conversation-page.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';
import { SettingsScreen } from './settings-page.ts';

test.describe('[settings] account configuration', () => {
  test('S1-2.24 an administrator creates a label with a colour, and it shows in the conversations sidebar', async ({ adminPage }) => {
    const screen = new SettingsScreen(adminPage);
    await screen.open(adminPage.accountId, 'settings/labels', 'Labels');
    await expect(adminPage).toHaveURL(/settings\/labels\/list$/);
    const title = `vip-${Date.now() % 100_000}`;

    await adminPage.getByRole('button', { name: 'Add label' }).first().click();
    await screen.button('Create').click();
    await expect(screen.field('Label name')).toHaveAccessibleDescription('Label name is required');
    await screen.field('Label name').fill(`${title} extra`);
    await screen.button('Create').click();
    await expect(screen.field('Label name')).toHaveAccessibleDescription('Only letters, numbers, hyphens and underscores are allowed');
    await screen.field('Label name').fill(title.toUpperCase());
    await screen.field('Description').fill('Customers on the top plan');
    await screen.dialog.getByRole('button', { name: /Colour/ }).click();
    await adminPage.getByRole('button', { name: '#7a5af8' }).click();
    await screen.button('Create').click();
    await expect(screen.toast('Label added successfully')).toBeVisible();
    await expect(screen.row(title)).toContainText('#7a5af8');
    await expect(screen.row(title)).toContainText('Customers on the top plan');

    // the same title again is refused by the server, under the field
    await adminPage.getByRole('button', { name: 'Add label' }).click();
    await screen.field('Label name').fill(title);
    await screen.button('Create').click();
    await expect(screen.field('Label name')).toHaveAccessibleDescription('Label name has already been taken');
    await screen.button('Cancel').click();

    await adminPage.goto(`/app/accounts/${adminPage.accountId}/dashboard`);
    await expect(adminPage.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  });

  test('S0-2.24 S0-5.17 a canned response is created, then inserted with "/" in a reply', async ({ adminPage, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const screen = new SettingsScreen(adminPage);
    await screen.open(setup.accountId, 'settings/canned-response/list', 'Canned responses');
    const code = `thanks${Date.now() % 100_000}`;

    await adminPage.getByRole('button', { name: 'Add canned response' }).first().click();
    await screen.field('Short code').fill('two words');
    await screen.button('Create').click();
    await expect(screen.field('Short code')).toHaveAccessibleDescription('The short code cannot contain spaces');
    await expect(screen.field('Message')).toHaveAccessibleDescription(/Please enter the message/);
    await screen.field('Short code').fill(code);
    await screen.field('Message').fill('Thanks for writing in, we are on it.');
    await screen.button('Create').click();
    await expect(screen.toast('Canned response added successfully')).toBeVisible();
    await expect(adminPage.getByRole('rowheader', { name: code })).toBeVisible();

    const inbox = await setup.inbox(`Canned ${Date.now()}`);
    await setup.call('POST', 'inbox_members', { inbox_id: inbox.id, user_ids: [setup.adminId] });
    const conversationId = await setup.conversationFrom(inbox, 'Marie Curie', 'Where is my refund?');
    const view = new ConversationPage(adminPage);
    await view.open(setup.accountId, `inbox/${inbox.id}/conversations/${conversationId}`);
    await view.replyBox.click();
    await view.replyBox.pressSequentially(`/${code}`);
    await adminPage.getByRole('listbox', { name: 'Canned responses' }).getByRole('option', { name: new RegExp(code) }).click();
    await expect(view.replyBox).toContainText('Thanks for writing in, we are on it.');
    await adminPage.keyboard.press('Enter');
    await expect(view.message('Thanks for writing in, we are on it.')).toHaveAttribute('data-kind', 'outgoing');
  });

  test('S0-2.17 a custom attribute gets its key from the display name', async ({ adminPage }) => {
    const screen = new SettingsScreen(adminPage);
    await screen.open(adminPage.accountId, 'settings/custom-attributes', 'Custom attributes');
    await expect(adminPage).toHaveURL(/settings\/custom-attributes\/list$/);
    const suffix = Date.now() % 100_000;

    await adminPage.getByRole('tab', { name: 'Contact' }).click();
    await adminPage.getByRole('button', { name: 'Add custom attribute' }).click();
    await expect(screen.field('Applies to')).toHaveValue('contact_attribute');
    await screen.field('Display name').fill(`Renewal Date ${suffix}`);
    await expect(screen.field('Key')).toHaveValue(`renewal_date_${suffix}`);
    await screen.field('Type').selectOption('list');
    await screen.button('Create').click();
    await expect(screen.field('List values')).toHaveAccessibleDescription('Add at least one value to the list');
    await screen.field('List values').fill('monthly');
    await screen.field('List values').press('Enter');
    await screen.field('List values').fill('yearly');
    await screen.field('List values').press('Enter');
    await screen.button('Create').click();
    await expect(screen.toast('Custom attribute added successfully')).toBeVisible();
    await expect(screen.row(`Renewal Date ${suffix}`)).toContainText(`renewal_date_${suffix}`);
    await expect(screen.row(`Renewal Date ${suffix}`)).toContainText('2 values');
  });

  test('S0-2.12 S0-5.01 the administrator renames the account; the shell shows the new name', async ({ adminPage }) => {
    const screen = new SettingsScreen(adminPage);
    await screen.open(adminPage.accountId, 'settings/general', 'Account settings');
    const general = adminPage.getByRole('form', { name: 'General' });
    const name = general.getByLabel('Account name');
    await expect(name).toHaveValue(ADMIN.account);

    await name.fill('');
    await general.getByRole('button', { name: 'Save' }).click();
    await expect(name).toHaveAccessibleDescription('Please enter a valid account name');
    await name.fill('Acme Support Desk');
    await general.getByRole('button', { name: 'Save' }).click();
    await expect(screen.toast('Settings updated successfully')).toBeVisible();
    await adminPage.reload();
    await expect(name).toHaveValue('Acme Support Desk');
    await expect(adminPage.getByText('Acme Support Desk').first()).toBeVisible();

    // back as the other specs expect the account
    await name.fill(ADMIN.account);
    await general.getByRole('button', { name: 'Save' }).click();
    await expect(screen.toast('Settings updated successfully')).toBeVisible();
  });
});
