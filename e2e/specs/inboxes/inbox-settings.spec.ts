import { expect, test } from '../../fixtures.ts';
import { ADMIN } from '../../playwright.config.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';
import { InboxSettingsPage } from './inbox-settings-page.ts';

type WorkingHour = { day_of_week: number; closed_all_day: boolean; open_hour: number | null; close_hour: number | null; close_minutes: number | null };

test.describe('[inboxes] settings', () => {
  test('S1-2.09 S1-2.16 S1-7.24 rename an inbox, set its business hours, add a collaborator, then delete it with the typed confirm', async ({ adminPage, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const stamp = Date.now() % 100_000;
    const inbox = await setup.inbox(`Orders ${stamp}`);
    const agent = await setup.call<{ id: number; name: string }>('POST', 'agents', { name: `Grace ${stamp}`, email: `grace.${stamp}@example.com`, role: 'agent' });
    const page = new InboxSettingsPage(adminPage);

    await page.gotoList(adminPage.accountId);
    await expect(page.heading('Inboxes')).toBeVisible();
    await expect(adminPage.getByRole('link', { name: 'New inbox' })).toHaveAttribute('href', `/app/accounts/${adminPage.accountId}/settings/inboxes/new`);
    await adminPage.getByRole('link', { name: `Settings of Orders ${stamp}` }).click();
    await expect(page.heading(`Orders ${stamp}`)).toBeVisible();
    await expect(adminPage.getByRole('link', { name: 'Back' })).toBeVisible();

    // general settings: a new name
    const renamed = `Payments ${stamp}`;
    await page.form('Inbox details').getByLabel('Inbox name').fill(renamed);
    await page.save('Inbox details').click();
    await expect(page.toast('Inbox settings updated')).toBeVisible();
    await expect(page.heading(renamed)).toBeVisible();

    // business hours: on, Monday until 18:30, Saturday open
    await page.tab('Business hours').click();
    await expect(adminPage).toHaveURL(/\?tab=business-hours$/);
    const hours = page.form('Business hours');
    await hours.getByRole('switch', { name: 'Use business hours' }).click();
    await hours.getByLabel('Closes on Monday').fill('18:30');
    await hours.getByRole('switch', { name: 'Open on Saturday' }).click();
    await hours.getByLabel('Out-of-office message').fill('We are closed, back tomorrow.');
    await page.save('Business hours').click();
    await expect(page.toast('Business hours updated')).toBeVisible();

    // collaborators: the new agent, as team leader
    await page.tab('Collaborators').click();
    const agents = page.form('Agents');
    await agents.getByRole('checkbox', { name: `${agent.name} leads this inbox` }).check();
    await expect(agents.getByRole('checkbox', { name: `Add ${agent.name} to this inbox` })).toBeChecked();
    await page.save('Agents').click();
    await expect(page.toast('Collaborators updated')).toBeVisible();

    // what the server kept, and the page after a reload
    const stored = await setup.call<{ name: string; working_hours_enabled: boolean; out_of_office_message: string; working_hours: WorkingHour[] }>('GET', `inboxes/${inbox.id}`);
    expect(stored).toMatchObject({ name: renamed, working_hours_enabled: true, out_of_office_message: 'We are closed, back tomorrow.' });
    expect(stored.working_hours.find((d) => d.day_of_week === 1)).toMatchObject({ closed_all_day: false, open_hour: 9, close_hour: 18, close_minutes: 30 });
    expect(stored.working_hours.find((d) => d.day_of_week === 6)).toMatchObject({ closed_all_day: false, open_hour: 9, close_hour: 17 });
    const members = await setup.call<{ payload: { id: number; team_leader: boolean }[] }>('GET', `inbox_members/${inbox.id}`);
    expect(members.payload).toEqual([expect.objectContaining({ id: agent.id, team_leader: true })]);
    await adminPage.reload();
    await expect(page.form('Agents').getByRole('checkbox', { name: `Add ${agent.name} to this inbox` })).toBeChecked();

    // delete from the list: confirm stays off until the name is typed exactly
    await adminPage.getByRole('link', { name: 'Back' }).click();
    await expect(page.heading('Inboxes')).toBeVisible();
    await adminPage.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Delete this inbox?' });
    const confirm = dialog.getByRole('button', { name: 'Delete inbox' });
    await dialog.getByLabel(`Type ${renamed} to confirm`).fill(renamed.toLowerCase());
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${renamed} to confirm`).fill(renamed);
    await confirm.click();
    await expect(page.toast(`${renamed} has been deleted`)).toBeVisible();
    await expect(adminPage.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    const signedIn = await request.post('/auth/sign_in', { data: ADMIN });
    const token = ((await signedIn.json()) as { data: { access_token: string } }).data.access_token;
    const gone = await request.get(`/api/v1/accounts/${setup.accountId}/inboxes/${inbox.id}`, { headers: { api_access_token: token } });
    expect(gone.status()).toBe(404);
  });
});
