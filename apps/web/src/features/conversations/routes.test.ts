import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject, type UIMatch } from 'react-router';
import { canAccess } from '@app/shared/permissions';
import { routeNameOf } from '../../lib/routing.ts';
import { conversationRoutes, type ConversationRouteHandle } from './routes.tsx';

const routes: RouteObject[] = [{ path: '/app/accounts/:accountId', children: conversationRoutes }];

/** The route name, list kind and params the app sees at `/app/accounts/7/{path}`. */
function resolve(path: string) {
  const matches = matchRoutes(routes, `/app/accounts/7/${path}`);
  if (!matches) return null;
  const handles = matches.map((m) => m.route.handle as Partial<ConversationRouteHandle> | undefined);
  const { accountId: _account, ...params } = matches.at(-1)!.params;
  return { name: routeNameOf(matches.map((m) => ({ handle: m.route.handle }) as UIMatch)), list: handles.findLast((h) => h?.list)?.list, params };
}

describe('conversation routes (001 section 2)', () => {
  it('S1-2.51 dashboard is the route home', () => {
    expect(resolve('dashboard')).toEqual({ name: 'home', list: 'home', params: {} });
  });

  it('S1-2.52 conversations/{conversation_id} is the route inbox_conversation', () => {
    expect(resolve('conversations/12')).toEqual({ name: 'inbox_conversation', list: 'home', params: { conversationId: '12' } });
  });

  it('S1-2.53 S1-2.54 inbox/{inbox_id} and inbox/{inbox_id}/conversations/{conversation_id}', () => {
    expect(resolve('inbox/3')).toEqual({ name: 'inbox_dashboard', list: 'inbox', params: { inboxId: '3' } });
    expect(resolve('inbox/3/conversations/12')).toEqual({ name: 'inbox_dashboard', list: 'inbox', params: { inboxId: '3', conversationId: '12' } });
  });

  it('S1-2.55 S1-2.56 label/{label} and label/{label}/conversations/{conversation_id}', () => {
    expect(resolve('label/billing')).toEqual({ name: 'label_conversations', list: 'label', params: { label: 'billing' } });
    expect(resolve('label/billing/conversations/12')).toEqual({ name: 'label_conversations', list: 'label', params: { label: 'billing', conversationId: '12' } });
  });

  it('S1-2.57 S1-2.58 team/{teamId} and team/{teamId}/conversations/{conversationId}', () => {
    expect(resolve('team/2')).toEqual({ name: 'team_conversations', list: 'team', params: { teamId: '2' } });
    expect(resolve('team/2/conversations/12')).toEqual({ name: 'team_conversations', list: 'team', params: { teamId: '2', conversationId: '12' } });
  });

  it('S1-2.59 S1-2.60 custom_view/{id} and custom_view/{id}/conversations/{conversation_id}', () => {
    expect(resolve('custom_view/5')).toEqual({ name: 'folder_conversations', list: 'folder', params: { folderId: '5' } });
    expect(resolve('custom_view/5/conversations/12')).toEqual({ name: 'folder_conversations', list: 'folder', params: { folderId: '5', conversationId: '12' } });
  });

  it('S1-2.61 S1-2.62 mentions/conversations[/{conversationId}]', () => {
    expect(resolve('mentions/conversations')).toEqual({ name: 'conversation_mentions', list: 'mentions', params: {} });
    expect(resolve('mentions/conversations/12')).toEqual({ name: 'conversation_mentions', list: 'mentions', params: { conversationId: '12' } });
  });

  it('S1-2.63 S1-2.64 unattended/conversations[/{conversationId}]', () => {
    expect(resolve('unattended/conversations')).toEqual({ name: 'conversation_unattended', list: 'unattended', params: {} });
    expect(resolve('unattended/conversations/12')).toEqual({ name: 'conversation_unattended', list: 'unattended', params: { conversationId: '12' } });
  });

  it('S1-2.65 S1-2.66 participating/conversations[/{conversationId}]', () => {
    expect(resolve('participating/conversations')).toEqual({ name: 'conversation_participating', list: 'participating', params: {} });
    expect(resolve('participating/conversations/12')).toEqual({ name: 'conversation_participating', list: 'participating', params: { conversationId: '12' } });
  });

  it('S1-2.67 S1-6.04 S1-6.05 S1-6.06 every conversation route is open to administrator, agent and the three conversation permissions, not to a contact manager', () => {
    const paths = ['dashboard', 'conversations/1', 'inbox/1', 'label/a', 'team/1', 'custom_view/1', 'mentions/conversations', 'unattended/conversations', 'participating/conversations'];
    for (const path of paths) {
      const name = resolve(path)!.name!;
      for (const token of ['administrator', 'agent', 'conversation_manage', 'conversation_unassigned_manage', 'conversation_participating_manage'] as const) {
        expect(canAccess([token], name), `${token} on ${path}`).toBe(true);
      }
      expect(canAccess(['custom_role', 'contact_manage'], name), `contact_manage on ${path}`).toBe(false);
    }
  });

  it('a checker (000 section 6: reviews the inboxes assigned to them) opens the list, their inboxes and conversations, no other list', () => {
    for (const path of ['dashboard', 'conversations/1', 'inbox/1', 'inbox/1/conversations/2']) expect(canAccess(['checker'], resolve(path)!.name!), path).toBe(true);
    for (const path of ['label/a', 'team/1', 'custom_view/1', 'mentions/conversations', 'unattended/conversations', 'participating/conversations']) {
      expect(canAccess(['checker'], resolve(path)!.name!), path).toBe(false);
    }
  });
});
