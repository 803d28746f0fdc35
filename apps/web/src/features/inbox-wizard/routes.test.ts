import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@app/shared/permissions';
import type { RouteHandle } from '../../lib/routing.ts';
import { inboxWizardRoutes } from './routes.tsx';

/** Each child's path (relative to the account) with the route name the guard checks. */
const named = inboxWizardRoutes.flatMap((parent) =>
  (parent.children ?? []).map((child) => [child.index ? parent.path : `${parent.path}/${child.path}`, (child.handle as RouteHandle).route] as const),
);

describe('inbox wizard routes', () => {
  it('S1-2.05 S1-2.06 S1-2.07 S1-2.08 S1-6.08 name the spec routes, each open to administrators only', () => {
    expect(Object.fromEntries(named)).toEqual({
      'settings/inboxes/new': 'settings_inbox_new',
      'settings/inboxes/new/:inbox_id/finish': 'settings_inbox_finish',
      'settings/inboxes/new/:sub_page': 'settings_inboxes_page_channel',
      'settings/inboxes/new/:inbox_id/agents': 'settings_inboxes_add_agents',
    });
    for (const [, route] of named) expect(ROUTE_ACCESS[route]).toEqual(['administrator']);
  });
});
