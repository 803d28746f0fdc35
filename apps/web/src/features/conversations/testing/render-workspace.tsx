import { useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { Conversation, ConversationCounts } from '@app/shared/conversations';
import type { Message } from '@app/shared/messages';
import type { CurrentUser } from '@app/shared/users';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { fakeCable } from '../../../lib/realtime/fake-cable.ts';
import { RealtimeProvider } from '../../../lib/realtime/index.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { CurrentAccountContext, sessionKeys } from '../../auth/index.ts';
import { conversationRoutes } from '../routes.tsx';
import { fakeWorkspaceApi } from './fake-workspace-api.ts';
import { ACCOUNT_ID, JANE, makeInbox, makeLabel, SAM } from './fixtures.ts';

export const base = `/api/v1/accounts/${ACCOUNT_ID}`;

/** The account layout's part: the signed-in user from the session query (so profile changes show), the account. */
function StandInAccount({ user }: { user: CurrentUser }) {
  const { data = user } = useQuery({ queryKey: sessionKeys.currentUser(), queryFn: () => user, initialData: user, staleTime: Infinity });
  return (
    <CurrentAccountContext.Provider value={{ user: data, account: data.accounts[0]! }}>
      <Outlet />
    </CurrentAccountContext.Provider>
  );
}

type WorkspaceData = {
  conversations?: Conversation[];
  counts?: ConversationCounts;
  messages?: Record<number, Message[]>;
  user?: CurrentUser;
  /** More routes (or overrides) for the fake API, added before anything renders. */
  routes?: (api: ReturnType<typeof fakeWorkspaceApi>) => void;
};

/**
 * The conversation routes inside a stand-in account layout (no guard, no shell), against a fake API that
 * answers lists, counts, details and messages from `data`, and a fake /cable that events can be pushed into.
 */
export function renderWorkspace(path: string, data: WorkspaceData = {}) {
  localStorage.clear();
  const user = data.user ?? makeUser();
  const conversations = data.conversations ?? [];
  const counts = data.counts ?? { mine_count: 0, assigned_count: 0, unassigned_count: conversations.length, all_count: conversations.length };
  const api = fakeWorkspaceApi()
    .on(`GET ${base}/inboxes`, { body: { payload: [makeInbox(1, 'Website'), makeInbox(2, 'Billing')] } })
    .on(`GET ${base}/labels`, { body: { payload: [makeLabel(1, 'billing', '#f79009'), makeLabel(2, 'vip', '#7a5af8')] } })
    .on(`GET ${base}/teams`, { body: [] })
    .on(`GET ${base}/custom_filters`, { body: [] })
    .on(`GET ${base}/assignable_agents`, { body: { payload: [JANE, SAM] } })
    .on(`GET ${base}/conversations`, (call) => {
      const page = Number(call.url.searchParams.get('page') ?? 1);
      return { body: { data: { meta: counts, payload: page === 1 ? conversations : [] } } };
    })
    .on(`GET ${base}/conversations/meta`, { body: { meta: counts } })
    .on(`GET ${base}/conversations/(\\d+)`, (_call, match) => {
      const found = conversations.find((c) => c.id === Number(match[1]));
      return found ? { body: found } : { status: 404, body: { error: 'Resource could not be found' } };
    })
    .on(`GET ${base}/conversations/(\\d+)/messages`, (call, match) => {
      const all = data.messages?.[Number(match[1])] ?? [];
      const before = Number(call.url.searchParams.get('before') ?? 0);
      const window = before ? all.filter((m) => m.id < before).slice(-20) : all.slice(-20);
      const conversation = conversations.find((c) => c.id === Number(match[1]));
      const meta = { labels: [], additional_attributes: {}, contact: conversation?.meta.sender, assignee: null, agent_last_seen_at: null, assignee_last_seen_at: null };
      return { body: { meta, payload: window } };
    })
    .on(`GET ${base}/conversations/(\\d+)/participants`, { body: [] })
    .on(`GET ${base}/contacts/(\\d+)/conversations`, { body: { payload: [] } })
    .on(`POST ${base}/conversations/(\\d+)/update_last_seen`, { body: {} })
    .on(`POST ${base}/conversations/(\\d+)/toggle_typing_status`, { body: {} });
  data.routes?.(api);

  const cable = fakeCable();
  const account = user.accounts[0]!;
  const router = createMemoryRouter(
    [
      {
        path: '/app/accounts/:accountId',
        element: (
          <RealtimeProvider accountId={account.id} userId={user.id} pubsubToken="pubsub" createSocket={cable.factory} url="ws://test/cable">
            <Outlet />
          </RealtimeProvider>
        ),
        children: [{ element: <StandInAccount user={user} />, children: conversationRoutes }],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  /** Connects the fake socket and pushes one event as the server would. */
  const push = (event: string, payload: Record<string, unknown>) => {
    const socket = cable.last;
    if (!socket.subscription) socket.accept();
    socket.event(event, payload);
  };
  return { api, cable, router, client, push, user, ...view };
}
