import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Notification } from '@app/shared/notifications';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { renderWithRouter } from '../../../test/render-app.tsx';
import { notificationKeys } from '../api.ts';
import { ACCOUNT_ID, makeNotification, notificationPage, READ_AT } from '../testing/fixtures.ts';
import { NotificationsPage } from './notifications-page.tsx';

const BASE = `/api/v1/accounts/${ACCOUNT_ID}/notifications`;
const listRoute = (page: number) => `GET ${BASE}?page=${page}&sort_order=desc&includes[]=read`;
const PAGE_PATH = `/app/accounts/${ACCOUNT_ID}/notifications`;

type Handlers = Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)>;

/** The page among stand-in routes; the conversation route shows which conversation was opened. */
function openPage(rows: Notification[] = [makeNotification(1), makeNotification(2, { read_at: READ_AT })], extra: Handlers = {}) {
  const server = fakeApi({ [listRoute(1)]: { body: notificationPage(rows) }, ...extra });
  const view = renderWithRouter(<NotificationsPage accountId={ACCOUNT_ID} />, {
    path: PAGE_PATH,
    extraRoutes: [{ path: `/app/accounts/${ACCOUNT_ID}/conversations/:id`, element: <p>conversation page</p> }],
  });
  return { server, ...view };
}

const list = () => screen.findByRole('list', { name: 'Notifications' });
/** A row by its title (the link's name starts with it). */
const row = async (title: string) => (await screen.findByRole('link', { name: title })).closest('li')!;
const openMenu = async (title: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for notification ${title}` }));
  return screen.findByRole('menu');
};

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications page', () => {
  it('S0-4.35 S0-7.41 S1-7.111 lists read and unread ones from GET notifications?page=1 (sort_order, includes[]=read): unread bold with a dot, read greyed', async () => {
    const { server } = openPage();
    await list();
    expect(server.called(listRoute(1))).toHaveLength(1);
    const unread = await row('Notification 1');
    const read = await row('Notification 2');
    expect(unread).toHaveClass('notification-row--unread');
    expect(within(unread).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(read).toHaveClass('notification-row--read');
    expect(within(read).queryByRole('img', { name: 'Unread' })).toBeNull();
    // Actor, conversation, time ago.
    expect(within(unread).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(unread).getByText('Conversation #101')).toBeInTheDocument();
    expect(unread.querySelector('time')).toHaveTextContent(/ago/);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('S0-4.36 S0-4.37 opening a notification marks it read (PATCH) and opens its conversation by display id', async () => {
    const { server, router } = openPage(undefined, {
      [`PATCH ${BASE}/1`]: { body: makeNotification(1, { read_at: READ_AT }) },
    });
    await userEvent.click((await screen.findByRole('link', { name: 'Notification 1' })));
    expect(await screen.findByText('conversation page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/accounts/${ACCOUNT_ID}/conversations/101`);
    await waitFor(() => expect(server.called(`PATCH ${BASE}/1`)).toHaveLength(1));
  });

  it('S0-4.38 S0-7.43 S1-7.113 "Mark all as read" posts read_all without a body and refetches the list', async () => {
    let reads = 0;
    const { server, client } = openPage([makeNotification(1), makeNotification(2)], {
      [listRoute(1)]: () => ({ body: notificationPage(reads ? [makeNotification(1, { read_at: READ_AT }), makeNotification(2, { read_at: READ_AT })] : [makeNotification(1), makeNotification(2)]) }),
      [`POST ${BASE}/read_all`]: () => {
        reads++;
        return { body: {} };
      },
      [`GET ${BASE}/unread_count`]: { body: 0 },
    });
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Unread' })).toBeNull());
    const [call] = server.called(`POST ${BASE}/read_all`);
    expect(call!.body).toBeUndefined();
    expect(server.called(listRoute(1))).toHaveLength(2);
    expect(client.getQueryData(notificationKeys.unreadCount(ACCOUNT_ID))).toBe(0);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('S0-7.41 S1-5.48 S1-5.47 a full page of 15 offers "Load more", which fetches page 2; a shorter page ends the list', async () => {
    const first = Array.from({ length: 15 }, (_, i) => makeNotification(i + 1));
    const second = [makeNotification(16), makeNotification(17)];
    const { server } = openPage(first, { [listRoute(2)]: { body: notificationPage(second, 2) } });
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(15);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(17));
    expect(server.called(listRoute(2))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('S1-5.47 a first page of fewer than 15 shows no "Load more"', async () => {
    openPage();
    await list();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('S1-7.114 S1-4.27 the row menu marks a read notification unread (POST unread) and an unread one read (PATCH), at once', async () => {
    const { server } = openPage(undefined, {
      [`POST ${BASE}/2/unread`]: { body: makeNotification(2) },
      [`PATCH ${BASE}/1`]: { body: makeNotification(1, { read_at: READ_AT }) },
    });
    await list();
    await userEvent.click(within(await openMenu('Notification 2')).getByRole('menuitem', { name: 'Mark as unread' }));
    await waitFor(async () => expect(await row('Notification 2')).toHaveClass('notification-row--unread'));
    expect(server.called(`POST ${BASE}/2/unread`)).toHaveLength(1);

    await userEvent.click(within(await openMenu('Notification 1')).getByRole('menuitem', { name: 'Mark as read' }));
    await waitFor(async () => expect(await row('Notification 1')).toHaveClass('notification-row--read'));
    expect(server.called(`PATCH ${BASE}/1`)).toHaveLength(1);
  });

  it('S1-7.116 S1-4.28 snooze for 1 hour posts snoozed_until (unix seconds, an hour ahead) and the row leaves the list', async () => {
    const { server } = openPage(undefined, {
      [`POST ${BASE}/1/snooze`]: (call) => ({
        body: makeNotification(1, { snoozed_until: new Date((call.body as { snoozed_until: number }).snoozed_until * 1000).toISOString() }),
      }),
    });
    await list();
    const before = Math.floor(Date.now() / 1000);
    await userEvent.click(within(await openMenu('Notification 1')).getByRole('menuitem', { name: 'Snooze for 1 hour' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Notification 1' })).toBeNull());
    const until = (server.called(`POST ${BASE}/1/snooze`)[0]!.body as { snoozed_until: number }).snoozed_until;
    expect(Number.isInteger(until)).toBe(true);
    expect(until - before).toBeGreaterThanOrEqual(3599);
    expect(until - before).toBeLessThanOrEqual(3601);
    expect(await screen.findByText('Notification snoozed')).toBeInTheDocument();
  });

  it('S1-7.117 S1-4.29 delete asks first: No keeps the row, Delete sends DELETE and removes it', async () => {
    const { server } = openPage(undefined, { [`DELETE ${BASE}/2`]: { status: 200 } });
    await list();
    await userEvent.click(within(await openMenu('Notification 2')).getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this notification?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.called(`DELETE ${BASE}/2`)).toHaveLength(0);

    await userEvent.click(within(await openMenu('Notification 2')).getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this notification?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Notification 2' })).toBeNull());
    expect(server.called(`DELETE ${BASE}/2`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Notification 1' })).toBeInTheDocument();
  });

  it('the row menu moves with the arrow keys and closes on Escape, focus back on its button', async () => {
    openPage();
    await list();
    const menu = await openMenu('Notification 1');
    const items = within(menu).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(items.at(-1)).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions for notification Notification 1' })).toHaveFocus();
  });

  it('shows a skeleton while loading, then an empty state when there are none', async () => {
    let answer: (reply: Reply) => void = () => {};
    openPage([], { [listRoute(1)]: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    expect(await screen.findByRole('status', { name: 'Loading your notifications…' })).toBeInTheDocument();
    answer({ body: notificationPage([]) });
    expect(await screen.findByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    openPage([], {
      [listRoute(1)]: () => (fail ? { status: 500, body: { error: 'boom' } } : { body: notificationPage([makeNotification(1)]) }),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('We could not load your notifications.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Notification 1' })).toBeInTheDocument();
  });
});
