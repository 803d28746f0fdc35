import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CurrentAccountContext } from '../../auth/index.ts';
import { makeConversation } from '../../conversations/testing/fixtures.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { renderWithRouter } from '../../../test/render-app.tsx';
import { DashboardAppTabs } from './dashboard-app-tabs.tsx';

afterEach(() => vi.unstubAllGlobals());

const user = makeUser();
const account = makeAccount(7);
const conversation = makeConversation(42);

function renderTabs(apps: unknown[]) {
  fakeApi({ 'GET /api/v1/accounts/7/dashboard_apps': { body: apps } });
  return renderWithRouter(
    <CurrentAccountContext.Provider value={{ user, account }}>
      <DashboardAppTabs accountId={7} conversation={conversation}>
        <p>the messages</p>
      </DashboardAppTabs>
    </CurrentAccountContext.Provider>,
  );
}

describe('dashboard app tabs', () => {
  it('adds nothing when the account has no dashboard apps', async () => {
    renderTabs([]);
    expect(await screen.findByText('the messages')).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows a tab per dashboard app beside Messages; a tab loads the app’s page and posts the conversation context to its origin', async () => {
    renderTabs([{ id: 3, title: 'Orders', content: [{ type: 'frame', url: 'https://crm.example.com/orders?x=1' }], created_at: '2026-11-25T10:00:00.000Z' }]);
    const messages = await screen.findByRole('tab', { name: 'Messages' });
    expect(messages).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('the messages')).not.toBeVisible();

    const frame = screen.getByTitle('Orders for this conversation') as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', 'https://crm.example.com/orders?x=1');
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    fireEvent.load(frame);
    expect(post).toHaveBeenCalledTimes(1);
    const [message, origin] = post.mock.calls[0]! as [string, string];
    expect(origin).toBe('https://crm.example.com');
    const sent = JSON.parse(message) as { event: string; data: { conversation: { id: number }; contact: { id: number }; currentAgent: object } };
    expect(sent.event).toBe('appContext');
    expect(sent.data.conversation.id).toBe(42);
    expect(sent.data.contact.id).toBe(conversation.meta.sender.id);
    expect(sent.data.currentAgent).toEqual({ id: user.id, name: user.name, email: user.email });

    // The page may ask again; a message from any other window is ignored.
    window.dispatchEvent(new MessageEvent('message', { data: 'chatwoot-dashboard-app:fetch-info', source: frame.contentWindow }));
    window.dispatchEvent(new MessageEvent('message', { data: 'chatwoot-dashboard-app:fetch-info', source: window }));
    expect(post).toHaveBeenCalledTimes(2);

    await userEvent.click(messages);
    expect(screen.getByText('the messages')).toBeVisible();
    expect(screen.queryByTitle('Orders for this conversation')).not.toBeInTheDocument();
  });
});
