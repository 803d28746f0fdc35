import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@app/shared/permissions';
import type { RouteHandle } from '../../lib/routing.ts';
import { auditLogsRoutes } from '../audit-logs/routes.tsx';
import { customRolesRoutes } from '../custom-roles/routes.tsx';
import { agentBotsRoutes } from './routes.tsx';

const named = (routes: typeof agentBotsRoutes) => routes.map((route) => [route.path, (route.handle as RouteHandle).route]);

describe('settings routes of agent bots, audit logs and custom roles', () => {
  it('S0-2.14 S0-2.15 S0-2.16 agent bots: the list, csml/new and csml/{botId}, administrators only', () => {
    expect(named(agentBotsRoutes)).toEqual([
      ['settings/agent-bots', 'agent_bots'],
      ['settings/agent-bots/csml/new', 'agent_bots_csml_new'],
      ['settings/agent-bots/csml/:botId', 'agent_bots_csml_edit'],
    ]);
    for (const route of ['agent_bots', 'agent_bots_csml_new', 'agent_bots_csml_edit'] as const) expect(ROUTE_ACCESS[route]).toEqual(['administrator']);
  });

  it('S0-2.19 audit logs: settings/audit-logs and the menu’s audit-logs/list both open auditlogs_list, administrators only', () => {
    expect(named(auditLogsRoutes)).toEqual([
      ['settings/audit-logs', 'auditlogs_list'],
      ['settings/audit-logs/list', 'auditlogs_list'],
    ]);
    expect(ROUTE_ACCESS.auditlogs_list).toEqual(['administrator']);
  });

  it('S1-2.37 S1-6.14 custom roles: settings/custom-roles/list is custom_roles_list, administrators only', () => {
    expect(named(customRolesRoutes)).toEqual([
      ['settings/custom-roles', 'custom_roles_list'],
      ['settings/custom-roles/list', 'custom_roles_list'],
    ]);
    expect(ROUTE_ACCESS.custom_roles_list).toEqual(['administrator']);
  });
});
