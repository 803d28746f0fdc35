import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Message } from '@app/shared/messages';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { makeConversation, makeMessage, NOW, SAM } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const SLOW = 15_000;
const log = () => screen.getByRole('log', { name: 'Messages' });
const replyBox = () => screen.findByRole('textbox', { name: 'Reply to the customer' }, LOAD);

const image = { id: 1, message_id: 3, file_type: 'image' as const, account_id: 7, extension: 'png', data_url: '/uploads/photo.png', thumb_url: '/uploads/photo-thumb.png', file_size: 2048, file_name: 'photo.png' };
const pdf = { id: 2, message_id: 3, file_type: 'file' as const, account_id: 7, extension: 'pdf', data_url: '/uploads/invoice.pdf', thumb_url: '', file_size: 1_200_000, file_name: 'invoice.pdf' };

function history(): Message[] {
  return [
    makeMessage(1, 5, { content: 'Hello, my **payment** is stuck', created_at: NOW - 500 }),
    makeMessage(2, 5, { type: 'activity', content: 'Conversation was assigned to Jane Doe', created_at: NOW - 400 }),
    makeMessage(3, 5, { content: 'Here is the receipt', attachments: [image, pdf], created_at: NOW - 300 }),
    makeMessage(4, 5, { type: 'outgoing', content: 'Checking now', created_at: NOW - 200 }),
    makeMessage(5, 5, { type: 'outgoing', private: true, content: 'Ask [@Sam Lee](mention://user/2/Sam%20Lee) about refunds', created_at: NOW - 150 }),
    makeMessage(6, 5, { content: 'This message was deleted', content_attributes: { deleted: true }, created_at: NOW - 100 }),
    makeMessage(7, 5, { type: 'outgoing', status: 'failed', content: 'Refund issued', content_attributes: { external_error: 'Channel rejected the message' }, created_at: NOW - 50 }),
  ];
}

beforeEach(() => polyfillLayout());

describe('conversation view', () => {
  it('S1-2.52 S1-3.22 S1-3.24 shows every kind of message: incoming, outgoing, private note, activity, attachments, deleted, failed', async () => {
    renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5)], messages: { 5: history() } });
    const messages = await screen.findByRole('log', { name: 'Messages' }, LOAD);
    await within(messages).findByText('Checking now', {}, LOAD);
    const kind = (id: number) => messages.querySelector(`[data-message-id="${id}"]`)!.getAttribute('data-kind');
    expect([1, 2, 3, 4, 5, 6, 7].map(kind)).toEqual(['incoming', 'activity', 'incoming', 'outgoing', 'note', 'incoming', 'outgoing']);
    expect(within(messages).getByText('payment').tagName).toBe('STRONG');
    expect(within(messages).getByText('Private note')).toBeInTheDocument();
    expect(within(messages).getByText('@Sam Lee')).toHaveClass('cw-mention');
    expect(within(messages).getByRole('img', { name: 'photo.png' })).toHaveAttribute('src', '/uploads/photo-thumb.png');
    expect(within(messages).getByRole('link', { name: 'Download invoice.pdf' })).toHaveAttribute('href', '/uploads/invoice.pdf');
    expect(within(messages).getByText('This message was deleted')).toBeInTheDocument();
    const failed = within(messages).getByRole('alert');
    expect(failed).toHaveTextContent('Not sent: Channel rejected the message');
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // header: contact and inbox
    expect(screen.getByRole('heading', { name: 'Customer 5' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.cw-view__inbox')).toHaveTextContent('Website'));
  }, SLOW);

  it('every delivery state has an icon named in its tooltip: waiting, sent, delivered, read', async () => {
    const out = (id: number, status: Message['status']) => makeMessage(id, 5, { type: 'outgoing', status, content: `Reply ${id}`, created_at: NOW - 100 + id });
    renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5)], messages: { 5: [out(1, 'progress'), out(2, 'sent'), out(3, 'delivered'), out(4, 'read')] } });
    const messages = await screen.findByRole('log', { name: 'Messages' }, LOAD);
    await within(messages).findByText('Reply 4', {}, LOAD);
    for (const [id, name] of [[1, 'Waiting for the channel'], [2, 'Sent'], [3, 'Delivered'], [4, 'Read']] as const) {
      const state = within(messages.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!).getByRole('img', { name });
      expect(state).toHaveAttribute('title', name);
      expect(state.querySelector('svg')).not.toBeNull();
    }
  });

  it('S1-4.18 S1-7.90 a failed message with an external error is retried through the retry call, not sent again', async () => {
    const { api } = renderWorkspace('/app/accounts/7/conversations/5', {
      conversations: [makeConversation(5)],
      messages: { 5: history() },
      routes: (fake) => fake.on(`POST ${base}/conversations/5/messages/7/retry`, { body: makeMessage(7, 5, { type: 'outgoing', status: 'progress', content: 'Refund issued', created_at: NOW - 50, updated_at: NOW }) }),
    });
    const messages = await screen.findByRole('log', { name: 'Messages' }, LOAD);
    await userEvent.click(await within(messages).findByRole('button', { name: 'Retry' }, LOAD));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/messages/7/retry`)).toHaveLength(1));
    expect(api.called('POST', `${base}/conversations/5/messages`)).toHaveLength(0);
    await waitFor(() => expect(messages.querySelector('[data-message-id="7"]')).toHaveAttribute('data-status', 'progress'));
    expect(within(messages).getByLabelText('Waiting for the channel')).toBeInTheDocument();
  }, SLOW);

  it('S1-7.76 opening a conversation marks it seen; S1-7.91 older messages load with before', async () => {
    const many = Array.from({ length: 30 }, (_, i) => makeMessage(i + 1, 5, { created_at: NOW - 1000 + i * 10 }));
    const { api } = renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5, { unread_count: 2 })], messages: { 5: many } });
    await screen.findByRole('log', { name: 'Messages' }, LOAD);
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/update_last_seen`).length).toBeGreaterThan(0));
    expect(await within(log()).findByText('Message 30', {}, LOAD)).toBeInTheDocument();
    expect(within(log()).queryByText('Message 10')).not.toBeInTheDocument();
    await userEvent.click(within(log()).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log()).findByText('Message 10')).toBeInTheDocument();
    expect(api.called('GET', `${base}/conversations/5/messages`).map((c) => c.url.searchParams.get('before'))).toEqual([null, '11']);
  }, SLOW);

  it('S1-4.14 S1-4.15 S1-7.87 a reply shows at once as sending, then is reconciled with the server message by echo_id', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api, push } = renderWorkspace('/app/accounts/7/conversations/5', {
      conversations: [makeConversation(5)],
      messages: { 5: [makeMessage(1, 5, { created_at: NOW - 100 })] },
      routes: (fake) => fake.on(`POST ${base}/conversations/5/messages`, () => new Promise((resolve) => (answer = resolve)) as never),
    });
    await userEvent.type(await replyBox(), 'We are on it{Enter}');
    const sending = await within(log()).findByText('We are on it');
    const bubble = sending.closest('[data-message-id]')!;
    expect(bubble).toHaveAttribute('data-status', 'progress');
    expect(within(log()).getByText('Sending…')).toBeInTheDocument();
    const post = api.called('POST', `${base}/conversations/5/messages`)[0]!;
    expect(post.body).toEqual({ content: 'We are on it', private: false, echo_id: expect.any(String) });
    const echoId = (post.body as { echo_id: string }).echo_id;
    // the event arrives first…
    const server = makeMessage(50, 5, { type: 'outgoing', content: 'We are on it', echo_id: echoId, created_at: NOW });
    act(() => push('message.created', { ...server }));
    await waitFor(() => expect(within(log()).getByText('We are on it').closest('[data-message-id]')).toHaveAttribute('data-message-id', '50'));
    // …then the answer: still one message
    await act(async () => answer({ body: server }));
    expect(within(log()).getAllByText('We are on it')).toHaveLength(1);
    expect(within(log()).getByText('We are on it').closest('[data-message-id]')).toHaveAttribute('data-status', 'sent');
  }, SLOW);

  it('S1-4.16 S1-4.17 S1-8.23 S1-8.24 a send that fails stays with the server error and is sent again with the same echo_id', async () => {
    let fail = true;
    const { api } = renderWorkspace('/app/accounts/7/conversations/5', {
      conversations: [makeConversation(5)],
      messages: { 5: [] },
      routes: (fake) =>
        fake.on(`POST ${base}/conversations/5/messages`, (call) =>
          fail
            ? { status: 422, body: { message: 'Content is too long' } }
            : { body: makeMessage(60, 5, { type: 'outgoing', content: 'Retry me', echo_id: (call.body as { echo_id: string }).echo_id }) },
        ),
    });
    await userEvent.type(await replyBox(), 'Retry me{Enter}');
    const alert = await within(log()).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: Content is too long');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log()).getByText('Retry me').closest('[data-message-id]')).toHaveAttribute('data-message-id', '60'));
    const posts = api.called('POST', `${base}/conversations/5/messages`);
    expect(posts).toHaveLength(2);
    expect((posts[0]!.body as { echo_id: string }).echo_id).toBe((posts[1]!.body as { echo_id: string }).echo_id);
  }, SLOW);

  it('S1-7.88 a reply with files goes as multipart with attachments[]', async () => {
    const { api } = renderWorkspace('/app/accounts/7/conversations/5', {
      conversations: [makeConversation(5)],
      messages: { 5: [] },
      routes: (fake) => fake.on(`POST ${base}/conversations/5/messages`, (call) => ({ body: makeMessage(61, 5, { type: 'outgoing', content: 'See attached', echo_id: call.form!.get('echo_id') as string }) })),
    });
    await replyBox();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' }));
    await userEvent.type(await replyBox(), 'See attached{Enter}');
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/messages`)).toHaveLength(1));
    const form = api.called('POST', `${base}/conversations/5/messages`)[0]!.form!;
    expect(form.get('content')).toBe('See attached');
    expect(form.get('private')).toBe('false');
    expect((form.getAll('attachments[]')[0] as File).name).toBe('terms.pdf');
  }, SLOW);

  it('S0-7.64 S0-7.79 S0-9.05 shows who else is typing, and the indicator clears by itself after 30 seconds', async () => {
    const { push } = renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5)], messages: { 5: [] } });
    await screen.findByRole('log', { name: 'Messages' }, LOAD);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => push('conversation.typing_on', { conversation: makeConversation(5), user: { id: SAM.id, name: 'Sam Lee', type: 'user' }, is_private: false }));
      // the query cache tells its observers on the next tick
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText('Sam Lee is typing…')).toBeInTheDocument();
      clock.mockReturnValue(now + 29_000);
      act(() => vi.advanceTimersByTime(29_000));
      expect(screen.getByText('Sam Lee is typing…')).toBeInTheDocument();
      clock.mockReturnValue(now + 30_050);
      act(() => vi.advanceTimersByTime(1_100));
      expect(screen.queryByText('Sam Lee is typing…')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  }, SLOW);

  it('S1-7.78 typing in the editor tells the others (toggle_typing_status with is_private)', async () => {
    const { api } = renderWorkspace('/app/accounts/7/conversations/5', { conversations: [makeConversation(5)], messages: { 5: [] } });
    await userEvent.type(await replyBox(), 'Hel');
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_typing_status`).length).toBeGreaterThan(0));
    expect(api.called('POST', `${base}/conversations/5/toggle_typing_status`)[0]!.body).toEqual({ typing_status: 'on', is_private: false });
  }, SLOW);

  it('S1-2.52 an unknown conversation says so, with the way back to the list', async () => {
    renderWorkspace('/app/accounts/7/inbox/1/conversations/404', { conversations: [] });
    expect(await screen.findByText('This conversation does not exist, or you cannot see it.', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/app/accounts/7/inbox/1');
  }, SLOW);
});
