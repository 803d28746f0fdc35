import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import { renderWorkspace } from '../testing/render-workspace.tsx';
import { makeConversation, NOW } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const header = () => screen.getByRole('heading', { name: 'Customer 5' }).closest('header')!;

beforeEach(() => {
  polyfillLayout();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});

describe('conversation header', () => {
  it('keeps the inbox name and a compact snoozed badge whose tooltip has the full date and time', async () => {
    const until = NOW + 3 * 86_400;
    renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5, { status: 'snoozed', snoozed_until: until })], messages: { 5: [] } });
    await waitFor(header, LOAD);
    await waitFor(() => expect(within(header()).getByTitle('Website')).toHaveTextContent('Website'));
    const badge = within(header()).getByText(/^Snoozed until/);
    const year = String(new Date(until * 1000).getFullYear());
    expect(badge.textContent).not.toContain(year);
    expect(badge.getAttribute('title')).toContain(year);
  });

  it('the label picker is anchored to the viewport, so the details column cannot clip it', async () => {
    renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5)], messages: { 5: [] } });
    const details = await screen.findByRole('complementary', { name: 'Conversation details' }, LOAD);
    await userEvent.click(within(details).getByRole('button', { name: 'Add labels' }));
    const picker = await screen.findByRole('menu', { name: 'Add labels' });
    expect(picker.style.position).toBe('fixed');
    expect(within(picker).getByRole('menuitemcheckbox', { name: /billing/ })).toBeInTheDocument();
  });
});
