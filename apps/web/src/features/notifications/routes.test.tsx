import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { fakeApi } from '../../test/fake-api.ts';
import { notificationRoutes } from './index.ts';
import { ACCOUNT_ID, makeNotification, notificationPage } from './testing/fixtures.ts';

describe('notification routes', () => {
  it('S0-2.25 "notifications" is named notifications_index and lazily shows the page for the URL\'s account', async () => {
    const server = fakeApi({
      [`GET /api/v1/accounts/${ACCOUNT_ID}/notifications?page=1&sort_order=desc&includes[]=read`]: { body: notificationPage([makeNotification(1)]) },
    });
    const router = createMemoryRouter([{ path: '/app/accounts/:accountId', children: notificationRoutes }], {
      initialEntries: [`/app/accounts/${ACCOUNT_ID}/notifications`],
    });
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notification 1' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)!.route.handle).toEqual({ route: 'notifications_index' });
    expect(server.calls).toHaveLength(1);
  });
});
