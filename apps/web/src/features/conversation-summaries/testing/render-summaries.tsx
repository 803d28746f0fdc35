import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ConversationSummary } from '@app/shared/payments';
import type { UserAccount } from '@app/shared/users';
import { Providers } from '../../../app/providers.tsx';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { CurrentAccountContext } from '../../auth/index.ts';
import { conversationSummariesRoutes } from '../routes.tsx';

export const ACCOUNT_ID = 7;
export const SUMMARIES = `/api/v1/accounts/${ACCOUNT_ID}/conversation_summaries`;
export const INBOXES = `GET /api/v1/accounts/${ACCOUNT_ID}/inboxes`;

type Counts = { open: number; pending: number; resolved: number; snoozed: number };
const withTotal = (counts: Counts) => ({ ...counts, total: counts.open + counts.pending + counts.resolved + counts.snoozed });

/** One agent's (or, with id null, the unassigned) counts. */
export const agent = (agentId: number | null, name: string | null, counts: Counts) => ({ agent_id: agentId, name, ...withTotal(counts) });

/** An inbox's summary whose totals are its agents' sums, as the server's one grouped query gives them. */
export function inboxSummary(inboxId: number, inboxName: string, agents: ReturnType<typeof agent>[]): ConversationSummary {
  const sum = (key: keyof Counts) => agents.reduce((total, row) => total + row[key], 0);
  return { inbox_id: inboxId, inbox_name: inboxName, ...withTotal({ open: sum('open'), pending: sum('pending'), resolved: sum('resolved'), snoozed: sum('snoozed') }), agents };
}

export const summaryList = (payload: ConversationSummary[]) => ({ body: { meta: { since: '2026-11-19T00:00:00.000Z', until: '2026-11-26T00:00:00.000Z' }, payload } });
export const inboxList = (...inboxes: [number, string][]) => ({
  body: { payload: inboxes.map(([id, name]) => ({ id, name, channel_type: 'Channel::WebWidget' as const })) },
});

/** The summaries routes at `path` (under /app/accounts/7/), as the app shell mounts them, for `account`. */
export function renderSummaries(path: string, account: UserAccount = makeAccount(ACCOUNT_ID, 'administrator')) {
  const user = makeUser({ accounts: [account] });
  const router = createMemoryRouter(
    [
      {
        path: '/app/accounts/:accountId',
        children: conversationSummariesRoutes.map((route) => ({
          ...route,
          element: <CurrentAccountContext.Provider value={{ user, account }}>{route.element}</CurrentAccountContext.Provider>,
        })),
      },
    ],
    { initialEntries: [`/app/accounts/${ACCOUNT_ID}/${path}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, client, ...view };
}
