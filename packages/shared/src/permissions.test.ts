import { describe, expect, it } from 'vitest';
import { canAccess, conversationRestriction, fallbackRoute, permissionsFor, restrictionAllows, ROUTE_ACCESS } from './permissions.ts';

describe('permissions', () => {
  it('S0-6.01 decisions use administrator, agent, checker, custom_role and knowledge_base_manage', () => {
    expect(permissionsFor({ role: 'administrator', customRolePermissions: null })).toEqual(['administrator']);
    expect(permissionsFor({ role: 'checker', customRolePermissions: null })).toEqual(['checker']);
    expect(permissionsFor({ role: 'agent', customRolePermissions: ['knowledge_base_manage'] })).toEqual([
      'custom_role',
      'knowledge_base_manage',
    ]);
    expect(canAccess(['knowledge_base_manage'], 'default_portal_articles')).toBe(true);
    expect(canAccess(['agent'], 'default_portal_articles')).toBe(false);
  });

  it('S0-2.12 S0-2.13 S0-2.19 settings routes are administrator-only, canned responses also agent', () => {
    expect(canAccess(['administrator'], 'general_settings_index')).toBe(true);
    expect(canAccess(['agent'], 'general_settings_index')).toBe(false);
    expect(canAccess(['agent'], 'agent_list')).toBe(false);
    expect(canAccess(['agent'], 'canned_list')).toBe(true);
    expect(canAccess(['checker'], 'canned_list')).toBe(false);
  });

  it('S0-2.06 S0-2.07 S0-2.08 the suspended route is open to administrator, agent and custom_role', () => {
    for (const token of ['administrator', 'agent', 'custom_role'] as const) {
      expect(canAccess([token], 'account_suspended')).toBe(true);
    }
  });

  it('S0-2.09 S0-2.10 a user without access falls back to dashboard, contacts, reports, portals, else dashboard', () => {
    expect(fallbackRoute(['agent'])).toBe('home');
    expect(fallbackRoute(['custom_role', 'contact_manage'])).toBe('contacts_dashboard');
    expect(fallbackRoute(['custom_role', 'report_manage'])).toBe('account_overview_reports');
    expect(fallbackRoute(['custom_role', 'knowledge_base_manage'])).toBe('list_all_portals');
    expect(fallbackRoute(['checker'])).toBe('home');
  });

  it('S1-6.12 S1-6.13 S1-6.14 SLA, teams and custom roles are administrator only', () => {
    for (const route of ['sla_list', 'settings_teams_list', 'custom_roles_list'] as const) {
      expect(ROUTE_ACCESS[route]).toEqual(['administrator']);
    }
  });

  it('S1-6.03 S1-6.04 S1-6.05 S1-6.06 S1-6.07 custom-role permissions open their routes', () => {
    expect(canAccess(['custom_role', 'report_manage'], 'conversation_reports')).toBe(true);
    expect(canAccess(['custom_role', 'conversation_manage'], 'home')).toBe(true);
    expect(canAccess(['custom_role', 'conversation_unassigned_manage'], 'conversation_unattended')).toBe(true);
    expect(canAccess(['custom_role', 'conversation_participating_manage'], 'conversation_participating')).toBe(true);
    expect(canAccess(['custom_role', 'contact_manage'], 'contacts_dashboard')).toBe(true);
    expect(canAccess(['custom_role', 'contact_manage'], 'home')).toBe(false);
  });

  it('S1-6.15 agents see only the csat and agent reports', () => {
    const reportRoutes = Object.keys(ROUTE_ACCESS).filter((r) => r.endsWith('_reports'));
    const open = reportRoutes.filter((r) => canAccess(['agent'], r as keyof typeof ROUTE_ACCESS));
    expect(open.sort()).toEqual(['agent_reports', 'csat_reports']);
  });

  it('S1-6.16 S1-6.17 profile and notifications are open to administrator, agent and custom_role', () => {
    for (const route of ['profile_settings_index', 'notifications_index'] as const) {
      expect(ROUTE_ACCESS[route]).toEqual(['administrator', 'agent', 'custom_role']);
    }
  });
});

describe('conversation restriction (who sees only some conversations of their inboxes)', () => {
  it('administrators, agents, checkers and custom roles with conversation_manage see them all', () => {
    for (const tokens of [['administrator'], ['agent'], ['checker'], ['custom_role', 'conversation_manage', 'conversation_unassigned_manage']] as const) {
      expect(conversationRestriction(tokens)).toBeNull();
      expect(restrictionAllows(conversationRestriction(tokens), 1, 2, false)).toBe(true);
    }
  });

  it('a custom role sees its own, plus unassigned or participating ones as its permissions say; participation unknown is undecided', () => {
    const none = conversationRestriction(['custom_role', 'contact_manage']);
    expect(none).toEqual({ unassigned: false, participating: false });
    expect(restrictionAllows(none, 1, 1, undefined)).toBe(true);
    expect(restrictionAllows(none, 1, null, undefined)).toBe(false);
    expect(restrictionAllows(none, 1, 2, true)).toBe(false);
    const unassigned = conversationRestriction(['custom_role', 'conversation_unassigned_manage']);
    expect(restrictionAllows(unassigned, 1, null, undefined)).toBe(true);
    expect(restrictionAllows(unassigned, 1, 2, undefined)).toBe(false);
    const participating = conversationRestriction(['custom_role', 'conversation_participating_manage']);
    expect(restrictionAllows(participating, 1, 2, true)).toBe(true);
    expect(restrictionAllows(participating, 1, 2, false)).toBe(false);
    expect(restrictionAllows(participating, 1, 2, undefined)).toBeUndefined();
    // an unknown assignee is never the member's own
    expect(restrictionAllows(participating, 1, undefined, undefined)).toBeUndefined();
  });
});
