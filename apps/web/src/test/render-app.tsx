import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';

/** The whole app in a memory router at `path`; the router tells where the app went. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, ...view };
}

/** One element at `path` among stand-in routes, with the app's providers, to test a component alone. */
export function renderWithRouter(element: ReactElement, { path = '/app/here', extraRoutes = [] }: { path?: string; extraRoutes?: RouteObject[] } = {}) {
  const router = createMemoryRouter([{ path, element }, ...extraRoutes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, ...view };
}

/** The signed-in landing screen: the conversation workspace (its "pick a conversation" pane). */
export const findWorkspace = () => screen.findByRole('region', { name: 'Pick a conversation' }, { timeout: 5000 });

/** Opens the avatar menu's account switch (the account list and, when creation is on, "New account"). */
export async function openAccountSwitch() {
  await userEvent.click(await screen.findByRole('button', { name: 'Your profile and settings' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /Switch account/ }));
  return screen.findByRole('dialog', { name: 'Switch account' });
}
