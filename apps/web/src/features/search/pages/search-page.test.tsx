import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SEARCH_PAGE_SIZE, SearchAllSchema } from '@app/shared/search';
import { fakeApi, type Reply } from '../../../test/fake-api.ts';
import { makeAccount } from '../../../test/fixtures.ts';
import { handleShortcutKeydown } from '../../../lib/shortcuts/index.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { searchContact, searchConversation, searchMessage } from '../testing/fixtures.ts';
import { SearchPage } from './search-page.tsx';

const BASE = '/api/v1/accounts/7/search';
const PATH = '/app/accounts/7/search';
const all = {
  payload: {
    contacts: [searchContact(1, 'Anna Lee', { matched: { field: 'name', snippet: 'Anna Lee' } })],
    conversations: [searchConversation(12, 'Anna Lee', 'hello, anna here about my refund')],
    messages: [searchMessage(501, 12, '<img src=x onerror=alert(1)> ANNA wrote this')],
  },
};

function openSearch(query: string, handlers: Record<string, Reply | (() => Reply)>, account = makeAccount(7, 'agent')) {
  const server = fakeApi(handlers);
  const view = renderAccountScreen(<SearchPage />, {
    path: `${PATH}${query}`,
    account,
    extraRoutes: [
      { path: '/app/accounts/7/conversations/:id', element: <p>conversation page</p> },
      { path: '/app/accounts/7/contacts/:id', element: <p>contact page</p> },
    ],
  });
  return { server, ...view };
}

describe('search page', () => {
  it('S1-2.68 S1-7.93 the search route\'s all tab shows contacts, conversations and messages from GET search, with q marked as text only', async () => {
    expect(SearchAllSchema.safeParse(all).success).toBe(true);
    const { server } = openSearch('?q=anna', { [`GET ${BASE}?q=anna&page=1`]: { body: all } });
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(contacts).getByRole('link', { name: /Anna Lee/ })).toHaveAttribute('href', '/app/accounts/7/contacts/1');
    const conversations = screen.getByRole('list', { name: 'Conversations' });
    expect(within(conversations).getByRole('link', { name: /Anna Lee/ })).toHaveAttribute('href', '/app/accounts/7/conversations/12');
    const messages = screen.getByRole('list', { name: 'Messages' });
    const message = within(messages).getByRole('link');
    expect(message).toHaveAttribute('href', '/app/accounts/7/conversations/12');
    // the match is marked, whatever its case; the markup in the message stays text
    expect([...message.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['ANNA']);
    expect(message).toHaveTextContent('<img src=x onerror=alert(1)> ANNA wrote this');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect([...conversations.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Anna', 'anna']);
    expect(server.called(`GET ${BASE}?q=anna&page=1`)).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('anna');
  });

  it('S1-7.94 S1-7.95 switches tabs through the URL and pages through one kind (search/contacts?q&page, search/conversations?q)', async () => {
    const page1 = Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => searchContact(i + 1, `Anna ${i + 1}`));
    const { server, router } = openSearch('?q=anna', {
      [`GET ${BASE}?q=anna&page=1`]: { body: all },
      [`GET ${BASE}/contacts?q=anna&page=1`]: { body: { payload: { contacts: page1 } } },
      [`GET ${BASE}/contacts?q=anna&page=2`]: { body: { payload: { contacts: [searchContact(99, 'Anna Last')] } } },
      [`GET ${BASE}/conversations?q=anna&page=1`]: { body: { payload: { conversations: [searchConversation(44, 'Bo Conversation', 'anna said hi')] } } },
    });
    await screen.findByRole('list', { name: 'Contacts' });
    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(router.state.location.search).toBe('?q=anna&tab=contacts');
    expect(await screen.findByRole('link', { name: /Anna 15/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true');
    const pager = screen.getByRole('navigation', { name: 'Pages of Contacts' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: /Anna Last/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=anna&tab=contacts&page=2');
    expect(within(screen.getByRole('navigation', { name: 'Pages of Contacts' })).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.called(`GET ${BASE}/contacts?q=anna&page=2`)).toHaveLength(1);
    // arrow keys move between the tabs
    screen.getByRole('tab', { name: 'Contacts' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?q=anna&tab=conversations');
    expect(await screen.findByRole('link', { name: /Bo Conversation/ })).toHaveAttribute('href', '/app/accounts/7/conversations/44');
    expect(server.called(`GET ${BASE}/conversations?q=anna&page=1`)).toHaveLength(1);
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    const { router } = openSearch('?q=anna', { [`GET ${BASE}?q=anna&page=1`]: { body: all } });
    await screen.findByRole('list', { name: 'Contacts' });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveFocus();
    const results = screen.getAllByRole('link');
    await userEvent.keyboard('{ArrowDown}');
    expect(results[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(results[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(results[2]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(results[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('conversation page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/accounts/7/conversations/12');
  });

  it('searches what is typed (after a pause, or at once on Enter) and keeps it in the URL', async () => {
    const { router, server } = openSearch('', {
      [`GET ${BASE}?q=refund&page=1`]: { body: { payload: { contacts: [], conversations: [searchConversation(3, 'Bo', 'my refund')], messages: [] } } },
    });
    expect(screen.getByText('Search your workspace')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'refund');
    await waitFor(() => expect(router.state.location.search).toBe('?q=refund'));
    expect(await screen.findByRole('link', { name: /Bo/ })).toBeInTheDocument();
    expect(server.calls.every((call) => call.path !== `${BASE}?q=r&page=1`)).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?q=refund');
  });

  it('S1-7.96 shows the empty state of search/messages, and an error with retry', async () => {
    let fail = true;
    openSearch('?q=zzz&tab=messages', {
      [`GET ${BASE}/messages?q=zzz&page=1`]: () => (fail ? { status: 500, body: { error: 'boom' } } : { body: { payload: { messages: [] } } }),
    });
    // a 5xx is tried once more before the error shows
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('The search failed. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No results for “zzz”')).toBeInTheDocument();
  });

  it('says why the server refused the query (422)', async () => {
    openSearch('?q=x', { [`GET ${BASE}?q=x&page=1`]: { status: 422, body: { message: 'Q is too long (maximum is 200 characters)', errors: { q: ['is too long'] } } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failed. Please try again. Q is too long (maximum is 200 characters)');
  });

  it('offers only the tabs the user may see: contact managers search contacts only', async () => {
    openSearch('?q=anna', { [`GET ${BASE}?q=anna&page=1`]: { body: { payload: { contacts: [searchContact(1, 'Anna Lee')], conversations: [], messages: [] } } } }, makeAccount(7, 'agent', { permissions: ['custom_role', 'contact_manage'] }));
    await screen.findByRole('list', { name: 'Contacts' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Contacts']);
  });

  it('/ (the shell\'s shortcut) puts the focus back in the search box', async () => {
    window.addEventListener('keydown', handleShortcutKeydown);
    cleanups.push(() => window.removeEventListener('keydown', handleShortcutKeydown));
    openSearch('?q=anna', { [`GET ${BASE}?q=anna&page=1`]: { body: all } });
    await screen.findByRole('list', { name: 'Contacts' });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    screen.getAllByRole('link')[0]!.focus();
    fireEvent.keyDown(screen.getAllByRole('link')[0]!, { key: '/', code: 'Slash' });
    expect(box).toHaveFocus();
    // in the box, / is left to the box (a character to type)
    expect(fireEvent.keyDown(box, { key: '/', code: 'Slash' })).toBe(true);
  });
});

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
