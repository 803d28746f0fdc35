import { expect, signInViaApi, test } from '../../fixtures.ts';
import { ConversationPage } from './conversation-page.ts';
import { WorkspaceSetup } from './workspace-setup.ts';

test.describe('[conversations] the workspace', () => {
  test('S1-2.54 S1-7.87 S0-7.57 an agent replies and a second agent, in another browser, sees the reply arrive live', async ({ adminPage, browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Live ${Date.now()}`);
    const sam = await setup.agent('Sam Lee', [inbox]);
    const conversationId = await setup.conversationFrom(inbox, 'Ada Lovelace', 'Hello, my order never arrived.');
    const path = `inbox/${inbox.id}/conversations/${conversationId}`;

    // Sam has the conversation open in his own browser
    const samContext = await browser.newContext();
    const samPage = await samContext.newPage();
    await signInViaApi(samPage, sam);
    const samView = new ConversationPage(samPage);
    await samView.open(setup.accountId, path);
    await samView.tab('All').click();
    await expect(samView.card('Ada Lovelace')).toBeVisible();
    await expect(samView.message('Hello, my order never arrived.')).toBeVisible();

    // the administrator answers from theirs
    const view = new ConversationPage(adminPage);
    await view.open(setup.accountId, path);
    await expect(view.message('Hello, my order never arrived.')).toHaveAttribute('data-kind', 'incoming');
    await view.replyBox.click();
    await view.replyBox.pressSequentially('Sorry about that, a new parcel is on its way.');
    await adminPage.keyboard.press('Enter');
    await expect(view.message('a new parcel is on its way')).toHaveAttribute('data-kind', 'outgoing');
    // the optimistic copy is replaced by the server's message (a real id)
    await expect(view.message('a new parcel is on its way')).toHaveAttribute('data-message-id', /^\d+$/);
    // an API inbox without a webhook_url has nowhere to deliver it: sent, not left waiting for the channel
    await expect(view.message('a new parcel is on its way').getByRole('img', { name: 'Sent' })).toBeVisible();

    // …and it shows up for Sam without a reload, once
    await expect(samView.message('a new parcel is on its way')).toBeVisible();
    await expect(samView.messages.locator('[data-message-id]', { hasText: 'a new parcel is on its way' })).toHaveCount(1);
    await expect(samView.card('Ada Lovelace')).toContainText('Sorry about that');
    await samContext.close();
  });

  test('S1-4.19 S1-7.73 resolve and reopen from the conversation header; the list follows', async ({ adminPage, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Status ${Date.now()}`);
    const conversationId = await setup.conversationFrom(inbox, 'Grace Hopper', 'Can I change my plan?');
    const view = new ConversationPage(adminPage);
    await view.open(setup.accountId, `inbox/${inbox.id}/conversations/${conversationId}`);
    await view.tab('All').click();
    await expect(view.card('Grace Hopper')).toBeVisible();

    await view.resolve.click();
    await expect(adminPage.getByText('Conversation resolved')).toBeVisible();
    await expect(view.reopen).toBeVisible();
    // the open list loses the row and its count, without a reload
    await expect(view.card('Grace Hopper')).toHaveCount(0);
    await expect(view.tab('All')).toContainText('0');
    await expect(view.messages.getByText(/resolved/i)).toBeVisible();

    await view.reopen.click();
    await expect(adminPage.getByText('Conversation reopened')).toBeVisible();
    await expect(view.resolve).toBeVisible();
    await expect(view.card('Grace Hopper')).toBeVisible();
    await expect(view.tab('All')).toContainText('1');

    // the server kept it: a fresh page agrees
    await adminPage.reload();
    await expect(view.resolve).toBeVisible();
  });

  test('S0-7.69 a contact deleted elsewhere takes its conversation out of the open list, live', async ({ adminPage, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Deleted contact ${Date.now()}`);
    const conversationId = await setup.conversationFrom(inbox, 'Margaret Hamilton', 'Please remove my data.');
    await setup.conversationFrom(inbox, 'Edsger Dijkstra', 'A question about my invoice.');
    const view = new ConversationPage(adminPage);
    await view.open(setup.accountId, `inbox/${inbox.id}`);
    await view.tab('All').click();
    await expect(view.card('Margaret Hamilton')).toBeVisible();
    await expect(view.card('Edsger Dijkstra')).toBeVisible();
    await expect(view.tab('All')).toContainText('2');

    // another administrator deletes the contact (through the API): its conversation goes with it
    const { meta } = await setup.call<{ meta: { sender: { id: number } } }>('GET', `conversations/${conversationId}`);
    await setup.call('DELETE', `contacts/${meta.sender.id}`);
    await expect(view.card('Margaret Hamilton')).toHaveCount(0);
    await expect(view.card('Edsger Dijkstra')).toBeVisible();
    await expect(view.tab('All')).toContainText('1');
  });

  test('S0-5.16 S0-7.63 S1-2.61 S1-2.62 a private note that @mentions an agent puts the conversation in their mentions', async ({ adminPage, browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Mentions ${Date.now()}`);
    const priya = await setup.agent('Priya Patel', [inbox]);
    const conversationId = await setup.conversationFrom(inbox, 'Alan Turing', 'Is there a discount for schools?');

    // Priya watches her mentions
    const priyaContext = await browser.newContext();
    const priyaPage = await priyaContext.newPage();
    await signInViaApi(priyaPage, priya);
    const priyaView = new ConversationPage(priyaPage);
    await priyaView.open(setup.accountId, 'mentions/conversations');
    await expect(priyaPage.getByRole('heading', { name: 'Mentions' })).toBeVisible();
    await priyaView.tab('All').click();
    await expect(priyaPage.getByText('No conversations here')).toBeVisible();

    // the administrator writes a note mentioning her, through the editor's @ list
    const view = new ConversationPage(adminPage);
    await view.open(setup.accountId, `inbox/${inbox.id}/conversations/${conversationId}`);
    await adminPage.getByRole('tab', { name: 'Private Note' }).click();
    await view.noteBox.click();
    await view.noteBox.pressSequentially('Can you check this, @Priya');
    await adminPage.getByRole('listbox', { name: 'Agents' }).getByRole('option', { name: /Priya Patel/ }).click();
    await adminPage.keyboard.press('Enter');
    const note = view.message('Can you check this');
    await expect(note).toHaveAttribute('data-kind', 'note');
    await expect(note.locator('.cw-mention')).toHaveText('@Priya Patel');

    // it arrives in her mentions live, and opens from there
    await expect(priyaView.card('Alan Turing')).toBeVisible();
    await priyaView.card('Alan Turing').click();
    await expect(priyaPage).toHaveURL(new RegExp(`/mentions/conversations/${conversationId}$`));
    await expect(priyaView.message('Can you check this')).toHaveAttribute('data-kind', 'note');
    await priyaContext.close();
  });

  test('S0-6.10 a checker opens the conversations of their inbox to review them: no editor, no actions, no refused calls', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Review ${Date.now()}`);
    const checker = await setup.agent('Rita Review', [inbox], 'checker');
    const conversationId = await setup.conversationFrom(inbox, 'Grace Hopper', 'Was my refund approved?');

    const context = await browser.newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await signInViaApi(page, checker);
    const view = new ConversationPage(page);
    await view.open(setup.accountId, 'dashboard');
    await view.tab('All').click();
    await view.card('Grace Hopper').click();
    await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
    await expect(view.message('Was my refund approved?')).toBeVisible();
    await expect(page.getByRole('note')).toContainText('You are reviewing this conversation');
    await expect(view.replyBox).toHaveCount(0);
    await expect(view.resolve).toHaveCount(0);
    expect(refused).toEqual([]);
    await context.close();
  });
});
