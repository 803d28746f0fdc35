import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { handleShortcutKeydown } from '../../../lib/shortcuts/index.ts';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { makeConversation } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const SLOW = 15_000;
const header = () => screen.getByRole('heading', { name: /^Customer/ }).closest('header')!;
const statusCalls = (api: ReturnType<typeof renderWorkspace>['api'], id: number) => api.called('POST', `${base}/conversations/${id}/toggle_status`);

function open(path = '/app/accounts/7/inbox/1/conversations/5') {
  return renderWorkspace(path, {
    conversations: [makeConversation(5), makeConversation(6), makeConversation(7)],
    counts: { mine_count: 3, assigned_count: 3, unassigned_count: 0, all_count: 3 },
    messages: { 5: [], 6: [], 7: [] },
    routes: (api) =>
      api.on(`POST ${base}/conversations/(\\d+)/toggle_status`, (call, match) => {
        const body = call.body as { status: string; snoozed_until?: number | null };
        return { body: { meta: {}, payload: { success: true, conversation_id: Number(match[1]), current_status: body.status, snoozed_until: body.snoozed_until ?? null } } };
      }),
  });
}

const press = (keys: string) => userEvent.keyboard(keys);

beforeEach(() => {
  polyfillLayout();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  // the app shell installs the one keydown listener; here the workspace stands alone
  window.addEventListener('keydown', handleShortcutKeydown);
});
afterEach(() => window.removeEventListener('keydown', handleShortcutKeydown));

describe('conversation keyboard shortcuts (000 section 9)', () => {
  it('S0-9.45 S0-9.46 Alt+J and Alt+K open the next and the previous conversation of the list', async () => {
    const { router } = open();
    await screen.findByRole('link', { name: /Customer 7/ }, LOAD);
    await press('{Alt>}j{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/6'));
    await press('{Alt>}j{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/7'));
    // the last one has no next
    await press('{Alt>}j{/Alt}');
    expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/7');
    await press('{Alt>}k{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/6'));
  }, SLOW);

  it('S0-9.42 the arrow keys move through the list from a row, and are left alone in a text field', async () => {
    const { router } = open('/app/accounts/7/inbox/1');
    const first = await screen.findByRole('link', { name: /Customer 5/ }, LOAD);
    first.focus();
    await press('{ArrowDown}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/6'));
    await press('{ArrowDown}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/7'));
    await press('{ArrowUp}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/6'));
    const reply = await screen.findByRole('textbox', { name: 'Reply to the customer' }, LOAD);
    reply.focus();
    fireEvent.keyDown(reply, { code: 'ArrowDown', key: 'ArrowDown' });
    expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/6');
  }, SLOW);

  it('S0-9.37 Alt+N moves to the next tab: mine, unassigned, all, and round again', async () => {
    const { api } = open('/app/accounts/7/inbox/1');
    await screen.findByRole('link', { name: /Customer 5/ }, LOAD);
    expect(screen.getByRole('tab', { name: /Mine/ })).toHaveAttribute('aria-selected', 'true');
    await press('{Alt>}n{/Alt}');
    expect(screen.getByRole('tab', { name: /Unassigned/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.called('GET', `${base}/conversations`).some((c) => c.url.searchParams.get('assignee_type') === 'unassigned')).toBe(true));
    await press('{Alt>}n{/Alt}');
    expect(screen.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    await press('{Alt>}n{/Alt}');
    expect(screen.getByRole('tab', { name: /Mine/ })).toHaveAttribute('aria-selected', 'true');
  }, SLOW);

  it('S0-9.31 Alt+E resolves the open conversation', async () => {
    const { api } = open();
    await waitFor(header, LOAD);
    await press('{Alt>}e{/Alt}');
    await waitFor(() => expect(statusCalls(api, 5)[0]?.body).toEqual({ status: 'resolved' }));
    expect(await within(header()).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    // already resolved: pressing again sends nothing
    await press('{Alt>}e{/Alt}');
    expect(statusCalls(api, 5)).toHaveLength(1);
  }, SLOW);

  it('S0-9.47 Mod+Alt+E resolves and opens the next conversation', async () => {
    const { api, router } = open();
    await waitFor(header, LOAD);
    await screen.findByRole('link', { name: /Customer 6/ }, LOAD);
    await press('{Control>}{Alt>}e{/Alt}{/Control}');
    await waitFor(() => expect(statusCalls(api, 5)[0]?.body).toEqual({ status: 'resolved' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1/conversations/6'));
  }, SLOW);

  it('S0-9.41 Alt+M opens the status menu at its snooze choices', async () => {
    const { api } = open();
    await waitFor(header, LOAD);
    await press('{Alt>}m{/Alt}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Until next reply' }));
    await waitFor(() => expect(statusCalls(api, 5)[0]?.body).toEqual({ status: 'snoozed', snoozed_until: null }));
  }, SLOW);

  it('S0-9.39 S0-9.40 S0-9.33 Alt+P writes a private note, Alt+L a reply (focused), Alt+A picks a file', async () => {
    open();
    const reply = await screen.findByRole('textbox', { name: 'Reply to the customer' }, LOAD);
    await press('{Alt>}p{/Alt}');
    const note = await screen.findByRole('textbox', { name: 'Private note for your team' });
    expect(note).toBe(reply);
    await waitFor(() => expect(note).toHaveFocus());
    await press('{Alt>}l{/Alt}');
    expect(await screen.findByRole('textbox', { name: 'Reply to the customer' })).toHaveFocus();
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    await press('{Alt>}a{/Alt}');
    expect(picker).toHaveBeenCalledTimes(1);
    expect(picker.mock.contexts[0]).toHaveAttribute('type', 'file');
  }, SLOW);
});
