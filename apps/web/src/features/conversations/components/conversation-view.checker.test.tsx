import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { makeConversation, makeMessage, NOW } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const checker = makeUser({ accounts: [makeAccount(7, 'checker', { checker_inbox: [1] })] });
const messages = { 5: [makeMessage(1, 5, { content: 'Where is my refund?', created_at: NOW - 100 }), makeMessage(2, 5, { type: 'outgoing', content: 'On its way', created_at: NOW - 50 })] };

beforeEach(() => {
  polyfillLayout();
  // jsdom has no layout: the list's scroll box reports a window's height so the virtualizer renders rows
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
});

describe('a checker reviewing a conversation', () => {
  it('S0-6.10 opens it from the list: messages and details, no editor, no actions, nothing marked read, no teams', async () => {
    const { api, router } = renderWorkspace('/app/accounts/7/dashboard', { user: checker, conversations: [makeConversation(5)], messages });
    await userEvent.click(await screen.findByRole('link', { name: /Customer 5/ }, LOAD));
    expect(router.state.location.pathname).toBe('/app/accounts/7/conversations/5');
    const log = await screen.findByRole('log', { name: 'Messages' }, LOAD);
    await within(log).findByText('On its way', {}, LOAD);
    expect(screen.getByRole('note')).toHaveTextContent('You are reviewing this conversation');
    expect(screen.queryByRole('textbox', { name: 'Reply to the customer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
    const details = screen.getByRole('complementary', { name: 'Conversation details' });
    expect(within(details).queryByRole('button', { name: /Assign/ })).not.toBeInTheDocument();
    await waitFor(() => expect(api.called('GET', `${base}/conversations/5/messages`).length).toBeGreaterThan(0));
    expect(api.called('POST', `${base}/conversations/5/update_last_seen`)).toHaveLength(0);
    expect(api.called('GET', `${base}/teams`)).toHaveLength(0);
    expect(api.called('GET', `${base}/contacts/9/conversations`)).toHaveLength(0);
  });
});
