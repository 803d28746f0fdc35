import { expect, signInViaApi, test } from '../../fixtures.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';

test.describe('[notifications] bell and notifications screen', () => {
  test('S0-4.37 S0-7.71 an assignment notifies the agent live; opening it goes to the conversation and the bell clears', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Notify ${Date.now()}`);
    const agent = await setup.agent('Nora Quinn', [inbox]);
    const conversationId = await setup.conversationFrom(inbox, 'Grace Hopper', 'My invoice is wrong');

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaApi(page, agent);
    const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/cable'));
    await page.goto(`/app/accounts/${setup.accountId}/notifications`);
    // live from here on: the page's /cable subscription is confirmed
    await (await socket).waitForEvent('framereceived', (frame) => String(frame.payload).includes('confirm_subscription'));
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
    const bell = page.getByRole('link', { name: /^Notifications/ }).last();

    // the administrator assigns the conversation to her: the notification and the count arrive over /cable
    await setup.call('POST', `conversations/${conversationId}/assignments`, { assignee_id: agent.id });
    const row = page.getByRole('link', { name: new RegExp(`#${conversationId}`) }).first();
    await expect(row).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveText('1');

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
    // marked read on the server: the bell empties (after the spec's 4 s delay at most)
    await expect(page.getByTestId('notification-count')).toHaveCount(0, { timeout: 10_000 });
    await expect(bell).toBeVisible();
    await context.close();
  });
});
