import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { makeConversation, makeMessage, NOW } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const meta = { labels: [], additional_attributes: {}, contact: makeConversation(5).meta.sender, assignee: null, agent_last_seen_at: null, assignee_last_seen_at: null };

beforeEach(() => {
  polyfillLayout();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});

describe('the workspace after a reconnect (000 section 4)', () => {
  it('S0-4.12 S0-4.13 S0-4.14 notes the open conversation’s last message on disconnect; on reconnect the list fetches what changed within the offline seconds plus 15 and the messages after that one', async () => {
    const { api, cable } = renderWorkspace('/app/accounts/7/inbox/1/conversations/5', {
      conversations: [makeConversation(5), makeConversation(6)],
      messages: { 5: [makeMessage(40, 5), makeMessage(41, 5)] },
      routes: (fake) =>
        fake
          .on(`GET ${base}/conversations`, (call) => {
            const changed = call.url.searchParams.has('updated_within');
            const page = Number(call.url.searchParams.get('page'));
            // while offline: 6 was resolved by someone else, and 5 got a message
            const payload = page > 1 ? [] : changed ? [makeConversation(6, { status: 'resolved', updated_at: NOW + 100 })] : [makeConversation(5), makeConversation(6)];
            return { body: { data: { meta: { mine_count: 0, assigned_count: 0, unassigned_count: 2, all_count: 2 }, payload } } };
          })
          .on(`GET ${base}/conversations/5/messages`, (call) =>
            call.url.searchParams.get('after')
              ? { body: { meta, payload: [makeMessage(42, 5, { content: 'Sent while you were away', created_at: NOW + 50 })] } }
              : { body: { meta, payload: call.url.searchParams.get('before') ? [] : [makeMessage(40, 5), makeMessage(41, 5)] } },
          ),
    });
    await screen.findByRole('log', { name: 'Messages' }, LOAD);
    await within(screen.getByRole('log')).findByText('Message 41', {}, LOAD);
    act(() => cable.last.accept());
    await waitFor(() => expect(screen.getByRole('tab', { name: /Unassigned/ })).toBeInTheDocument());
    act(() => screen.getByRole('tab', { name: /All/ }).click());
    await screen.findByRole('link', { name: /Customer 6/ }, LOAD);

    act(() => cable.last.drop());
    await waitFor(() => expect(cable.sockets).toHaveLength(2), { timeout: 3000 });
    act(() => cable.last.accept());

    await waitFor(() => expect(api.called('GET', `${base}/conversations/5/messages`).some((c) => c.url.searchParams.get('after') === '41')).toBe(true));
    const catchUp = api.called('GET', `${base}/conversations`).find((c) => c.url.searchParams.has('updated_within'))!;
    expect(Number(catchUp.url.searchParams.get('updated_within'))).toBeGreaterThanOrEqual(15);
    expect(Number(catchUp.url.searchParams.get('updated_within'))).toBeLessThan(30);
    expect(catchUp.url.searchParams.get('status')).toBe('all');
    expect(catchUp.url.searchParams.get('inbox_id')).toBe('1');
    expect(await within(screen.getByRole('log')).findByText('Sent while you were away')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Customer 6/ })).not.toBeInTheDocument());
  }, 15_000);
});
