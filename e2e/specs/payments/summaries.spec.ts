import { expect, signInViaApi, test } from '../../fixtures.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';

test.describe('[payments] conversation summaries', () => {
  test('S1-2.77 a checker opens the summaries from the rail and sees their inbox by status and by agent', async ({ page, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inboxName = `Summaries ${Date.now()}`;
    const inbox = await setup.inbox(inboxName);
    const checker = await setup.agent('Chandra Checker', [inbox], 'checker');
    await setup.conversationFrom(inbox, 'Ravi Menon', 'My recharge is not showing');
    await setup.conversationFrom(inbox, 'Lata Iyer', 'Withdrawal pending for two days');

    await signInViaApi(page, checker);
    await page.goto(`/app/accounts/${setup.accountId}/dashboard`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Checker view' }).click();
    await page.getByRole('navigation', { name: 'Section navigation' }).getByRole('link', { name: 'Conversation summaries' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/accounts/${setup.accountId}/conversation-summaries$`));

    const byInbox = page.getByRole('table', { name: 'Conversations by inbox and status' });
    // Open, Pending, Snoozed, Resolved, Total
    await expect(byInbox.getByRole('row', { name: new RegExp(inboxName) })).toContainText(/2\s*0\s*0\s*0\s*2/);

    // the inbox's own summary, from its link: its figures, and its agents (the inbox assigns new conversations itself)
    await byInbox.getByRole('link', { name: inboxName }).click();
    await expect(page).toHaveURL(new RegExp(`/conversation-summaries/${inbox.id}$`));
    // exact: with the checker view registered, the section menu has an "Inboxes" list too
    await expect(page.getByLabel('Inbox', { exact: true })).toHaveValue(String(inbox.id));
    const byAgent = page.getByRole('table', { name: `Conversations of ${inboxName} by agent and status` });
    await expect(byAgent.getByRole('row', { name: /^All/ })).toContainText(/2\s*0\s*0\s*0\s*2/);
    await expect(page.getByRole('definition')).toHaveText(['2', '0', '0', '0', '2']);
  });
});
