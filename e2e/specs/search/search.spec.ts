import { expect, signInViaApi, test } from '../../fixtures.ts';
import { ConversationPage } from '../conversations/conversation-page.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';
import { SearchPage } from './search-page.ts';

test.describe('[search] global search and the list power tools', () => {
  test('an agent finds a customer from the search page and opens the result with the keyboard', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Lookup ${Date.now()}`);
    const agent = await setup.agent('Rita Search', [inbox]);
    const unique = `Quillon${Date.now().toString(36)}`;
    const conversationId = await setup.conversationFrom(inbox, `Zelda ${unique}`, `Hello, parcel for ${unique} never came`);

    const context = await browser.newContext();
    const page = await context.newPage();
    const { accountId } = await signInViaApi(page, agent);
    await page.goto(`/app/accounts/${accountId}/dashboard`);
    // the top bar's Search link opens the page with the focus in its box
    await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
    const search = new SearchPage(page);
    await expect(search.box).toBeFocused();
    await search.box.fill(unique.toLowerCase());
    await search.box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${unique.toLowerCase()}$`));

    const contact = search.results('Contacts').getByRole('link', { name: new RegExp(`Zelda ${unique}`) });
    await expect(contact).toBeVisible();
    // the name and the email both hold q, each marked in its own spelling
    await expect(contact.locator('mark')).toHaveText([unique, unique.toLowerCase()]);
    await expect(contact).toHaveAttribute('href', new RegExp(`/app/accounts/${accountId}/contacts/\\d+$`));
    const conversation = search.results('Conversations').getByRole('link', { name: new RegExp(`Zelda ${unique}`) });
    await expect(conversation).toHaveAttribute('href', `/app/accounts/${accountId}/conversations/${conversationId}`);
    await expect(search.results('Messages').getByRole('link').first()).toContainText(`parcel for ${unique}`);

    // ↓ from the box to the contact, ↓ to the conversation, Enter opens it
    await search.box.press('ArrowDown');
    await expect(contact).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(conversation).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/conversations/${conversationId}$`));
    await expect(new ConversationPage(page).message(`parcel for ${unique}`)).toBeVisible();

    // the contacts tab keeps the query in the URL
    await page.goBack();
    await search.tab('Contacts').click();
    await expect(page).toHaveURL(/tab=contacts/);
    const contactResult = search.results('Contacts').getByRole('link', { name: new RegExp(`Zelda ${unique}`) });
    await expect(contactResult).toBeVisible();
    // the contact result opens the contact's profile
    await contactResult.click();
    await expect(page).toHaveURL(new RegExp(`/contacts/\\d+$`));
    await expect(page.getByRole('heading', { name: `Zelda ${unique}`, level: 1 })).toBeVisible();
    await context.close();
  });

  test('an agent bulk-resolves two conversations from the list', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const inbox = await setup.inbox(`Bulk ${Date.now()}`);
    const agent = await setup.agent('Bo Bulk', [inbox]);
    const first = await setup.conversationFrom(inbox, 'Bulk Alpha', 'First question');
    const second = await setup.conversationFrom(inbox, 'Bulk Beta', 'Second question');
    await setup.conversationFrom(inbox, 'Bulk Gamma', 'Third question');

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaApi(page, agent);
    const view = new ConversationPage(page);
    await view.open(setup.accountId, `inbox/${inbox.id}`);
    await view.tab('All').click();
    await expect(view.card('Bulk Gamma')).toBeVisible();
    await view.list.getByRole('checkbox', { name: 'Select conversation with Bulk Alpha' }).check();
    await view.list.getByRole('checkbox', { name: 'Select conversation with Bulk Beta' }).check();
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Change the status of the selected conversations' }).click();
    await page.getByRole('menuitem', { name: 'Resolve', exact: true }).click();

    await expect(page.getByText('2 conversations updated')).toBeVisible();
    await expect(bar).toHaveCount(0);
    // the open list drops both; the third stays
    await expect(view.card('Bulk Alpha')).toHaveCount(0);
    await expect(view.card('Bulk Beta')).toHaveCount(0);
    await expect(view.card('Bulk Gamma')).toBeVisible();
    for (const id of [first, second]) {
      const conversation = await setup.call<{ status: string }>('GET', `conversations/${id}`);
      expect(conversation.status).toBe('resolved');
    }
    await context.close();
  });
});
