import { describe, expect, it } from 'vitest';
import { resolveFeatures } from '@app/shared/accounts';
import { FEATURE_FLAGS, type FeatureFlag } from '@app/shared/constants';
import { permissionsFor } from '@app/shared/permissions';
import type { AccountRole, CustomRolePermission } from '@app/shared/constants';
import type { RouteName } from '@app/shared/permissions';
import { EVERY_ROUTE } from '../../../lib/route-registry.ts';
import { campaignLinks, canOpen, checkerLinks, isRealtimeScreen, primaryItems, reportLinks, sectionOf, settingsLinks, type NavContext } from './nav-model.ts';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as Record<FeatureFlag, boolean>;

function ctx(role: AccountRole, extra: Partial<NavContext> & { custom?: CustomRolePermission[] } = {}): NavContext {
  const { custom, ...rest } = extra;
  return {
    role,
    permissions: permissionsFor({ role, customRolePermissions: custom ?? null }),
    features: allOn,
    deployment: 'cloud',
    customBranded: false,
    agentBotsEnabled: true,
    registry: EVERY_ROUTE,
    ...rest,
  };
}
const keys = (items: { key: string }[]) => items.map((item) => item.key);
const off = (...flags: FeatureFlag[]) => ({ ...allOn, ...Object.fromEntries(flags.map((flag) => [flag, false])) });

describe('primary sidebar items', () => {
  it('S0-2.69 are, in order, inbox-view, conversations, captain, contacts, reports, campaigns, portals, settings, checker-view', () => {
    expect(keys(primaryItems(ctx('administrator')))).toEqual([
      'inbox_view',
      'conversations',
      'captain',
      'contacts',
      'reports',
      'campaigns',
      'portals',
      'settings',
      'checker_view',
    ]);
  });

  it('S0-2.70 S0-6.01 are shown only when the role opens them', () => {
    expect(keys(primaryItems(ctx('agent')))).toEqual(['inbox_view', 'conversations', 'captain', 'contacts', 'reports', 'portals', 'settings']);
    // a checker reviews the conversations of their inboxes (read only) and has the checker view
    expect(keys(primaryItems(ctx('checker')))).toEqual(['conversations', 'checker_view']);
    // a custom role also opens the inbox list of the settings (ROUTE_ACCESS settings_inbox_list)
    expect(keys(primaryItems(ctx('agent', { custom: ['report_manage'] })))).toEqual(['inbox_view', 'reports', 'settings']);
    expect(keys(primaryItems(ctx('agent', { custom: ['knowledge_base_manage'] })))).toEqual(['inbox_view', 'portals', 'settings']);
  });

  it('S0-2.71 are shown only when their feature flag is on', () => {
    const items = keys(primaryItems(ctx('administrator', { features: off('inbox_view', 'captain_integration', 'crm', 'reports', 'campaigns') })));
    expect(items).toEqual(['conversations', 'portals', 'settings', 'checker_view']);
  });

  it('flag-gated items wait for the account\'s features', () => {
    expect(keys(primaryItems(ctx('administrator', { features: null })))).toEqual(['conversations', 'portals', 'settings']);
  });

  it('S0-2.72 S0-2.73 reports land agents on csat, everyone else on the overview', () => {
    const path = (c: NavContext) => primaryItems(c).find((item) => item.key === 'reports')?.path;
    expect(path(ctx('agent'))).toBe('reports/csat');
    expect(path(ctx('administrator'))).toBe('reports/overview');
    expect(path(ctx('agent', { custom: ['report_manage'] }))).toBe('reports/overview');
  });

  it('S0-2.74 S0-6.35 the help center shows on installs that are not custom-branded even with help_center off', () => {
    expect(keys(primaryItems(ctx('administrator', { features: off('help_center') })))).toContain('portals');
    expect(keys(primaryItems(ctx('administrator', { features: off('help_center'), customBranded: true })))).not.toContain('portals');
    expect(keys(primaryItems(ctx('administrator', { customBranded: true })))).toContain('portals');
  });

  it('settings lands on its first item the user may open', () => {
    const settings = (c: NavContext) => primaryItems(c).find((item) => item.key === 'settings')?.path;
    expect(settings(ctx('administrator'))).toBe('settings/general');
    expect(settings(ctx('agent'))).toBe('settings/macros');
    expect(settings(ctx('agent', { features: off('macros') }))).toBe('settings/canned-response/list');
  });
});

describe('section menus', () => {
  it('S0-2.85 S0-1.06 the settings menu, in order', () => {
    expect(settingsLinks(ctx('administrator')).map((link) => link.path)).toEqual([
      'settings/general',
      'settings/agents/list',
      'settings/teams/list',
      'settings/inboxes/list',
      'settings/labels/list',
      'settings/custom-attributes/list',
      'settings/automation/list',
      'settings/agent-bots',
      'settings/macros',
      'settings/canned-response/list',
      'settings/integrations',
      'settings/audit-logs/list',
      'settings/custom-roles/list',
      'settings/sla/list',
      'settings/billing',
    ]);
  });

  it('S0-6.02 S0-6.03 S0-6.04 settings items need administrator, except macros and canned responses which agents also see', () => {
    expect(keys(settingsLinks(ctx('agent')))).toEqual(['macros', 'canned']);
    expect(keys(settingsLinks(ctx('checker')))).toEqual([]);
  });

  it('S0-6.06 S0-6.07 S0-6.08 S0-6.39 S0-6.41 S0-6.55 audit logs, custom roles and SLA follow their enterprise flags', () => {
    const items = keys(settingsLinks(ctx('administrator', { features: off('audit_logs', 'custom_roles', 'sla') })));
    expect(items).not.toContain('audit_logs');
    expect(items).not.toContain('custom_roles');
    expect(items).not.toContain('sla');
  });

  it('S0-6.09 S0-1.09 billing appears only on the cloud offering', () => {
    expect(keys(settingsLinks(ctx('administrator', { deployment: 'self_hosted' })))).not.toContain('billing');
    expect(keys(settingsLinks(ctx('administrator', { deployment: 'cloud' })))).toContain('billing');
  });

  it('S0-6.13 S0-6.23 the agent-bots item needs the global config flag and the account flag', () => {
    expect(keys(settingsLinks(ctx('administrator', { agentBotsEnabled: false })))).not.toContain('agent_bots');
    expect(keys(settingsLinks(ctx('administrator', { features: off('agent_bots') })))).not.toContain('agent_bots');
  });

  it('S0-6.24 S0-6.26 S0-6.28 S0-6.30 S0-6.31 S0-6.32 S0-6.33 S0-6.34 S0-6.37 each settings item follows its flag', () => {
    const pairs: [FeatureFlag, string][] = [
      ['agent_management', 'agents'],
      ['automations', 'automation'],
      ['canned_responses', 'canned'],
      ['custom_attributes', 'attributes'],
      ['inbox_management', 'inboxes'],
      ['integrations', 'integrations'],
      ['labels', 'labels'],
      ['macros', 'macros'],
      ['team_management', 'teams'],
    ];
    for (const [flag, key] of pairs) expect(keys(settingsLinks(ctx('administrator', { features: off(flag) })))).not.toContain(key);
  });

  it('S0-2.83 S0-6.36 the reports menu has overview, conversation, csat, bot, agent, label, inboxes, teams and sla', () => {
    expect(reportLinks(ctx('administrator')).map((link) => link.path)).toEqual([
      'reports/overview',
      'reports/conversation',
      'reports/csat',
      'reports/bot',
      'reports/agent',
      'reports/label',
      'reports/inboxes',
      'reports/teams',
      'reports/sla',
    ]);
    expect(keys(reportLinks(ctx('agent')))).toEqual(['csat', 'agent']);
    expect(reportLinks(ctx('administrator', { features: off('reports') }))).toEqual([]);
  });

  it('S0-2.84 S0-6.27 the campaigns menu has ongoing and one_off', () => {
    expect(campaignLinks(ctx('administrator')).map((link) => link.path)).toEqual(['campaigns/ongoing', 'campaigns/one_off']);
    expect(campaignLinks(ctx('administrator', { features: off('campaigns') }))).toEqual([]);
  });

  it('S0-2.86 S0-6.56 the checker-view menu has checker-view and conversation-summaries (checker_view is always on)', () => {
    expect(checkerLinks(ctx('checker')).map((link) => link.path)).toEqual(['checker-view', 'conversation-summaries']);
    expect(checkerLinks(ctx('checker', { features: resolveFeatures({ checker_view: false }) }))).toHaveLength(2);
  });

  it('S1-2.78 custom roles get the checker view section only with its permissions, landing on the first screen they may open', () => {
    const checkerItem = (c: NavContext) => primaryItems(c).find((item) => item.key === 'checker_view');
    expect(checkerItem(ctx('agent', { custom: ['conversation_manage', 'report_manage'] }))).toBeUndefined();
    expect(checkerLinks(ctx('agent', { custom: ['conversation_manage'] }))).toEqual([]);
    expect(checkerItem(ctx('agent', { custom: ['checker_view_manage'] }))?.path).toBe('checker-view');
    expect(checkerLinks(ctx('agent', { custom: ['checker_view_manage'] })).map((link) => link.route)).toEqual(['checker_view']);
    expect(checkerItem(ctx('agent', { custom: ['conversation_summary_manage'] }))?.path).toBe('conversation-summaries');
    expect(checkerLinks(ctx('agent', { custom: ['conversation_summary_manage'] })).map((link) => link.route)).toEqual(['conversation_summaries']);
    expect(checkerLinks(ctx('agent', { custom: ['checker_view_manage', 'conversation_summary_manage'] })).map((link) => link.route)).toEqual([
      'checker_view',
      'conversation_summaries',
    ]);
    // a plain agent opens neither
    expect(checkerItem(ctx('agent'))).toBeUndefined();
  });

  it('the checker view section appears with whichever of its screens is registered', () => {
    const onlySummaries = new Set<RouteName>(['home', 'conversation_summaries']);
    const item = primaryItems(ctx('checker', { registry: onlySummaries })).find((entry) => entry.key === 'checker_view');
    expect(item).toMatchObject({ path: 'conversation-summaries', route: 'conversation_summaries' });
    expect(checkerLinks(ctx('checker', { registry: onlySummaries })).map((link) => link.key)).toEqual(['summaries']);
  });

  it('finds the section of a path, and the live screens of the reconnect notice', () => {
    expect(sectionOf('/app/accounts/7/dashboard')).toBe('conversations');
    expect(sectionOf('/app/accounts/7/inbox/3/conversations/9')).toBe('conversations');
    expect(sectionOf('/app/accounts/7/labels/vip/contacts')).toBe('contacts');
    expect(sectionOf('/app/accounts/7/settings/agents/list')).toBe('settings');
    expect(sectionOf('/app/accounts/7/profile/settings')).toBeNull();
    expect(isRealtimeScreen('/app/accounts/7/mentions/conversations')).toBe(true);
    expect(isRealtimeScreen('/app/accounts/7/inbox-view')).toBe(true);
    expect(isRealtimeScreen('/app/accounts/7/notifications')).toBe(true);
    expect(isRealtimeScreen('/app/accounts/7/contacts')).toBe(false);
    expect(isRealtimeScreen('/app/accounts/7/settings/general')).toBe(false);
  });
});

describe('only routes the router has a screen for', () => {
  // what is built today besides conversations: profile, notifications and a few settings screens
  const registry = new Set<RouteName>(['home', 'inbox_dashboard', 'inbox_conversation', 'conversation_mentions', 'profile_settings_index', 'notifications_index', 'settings_home', 'labels_list', 'canned_list', 'agent_list']);
  const partial = (role: AccountRole, extra: Partial<NavContext> & { custom?: CustomRolePermission[] } = {}) => ctx(role, { registry, ...extra });

  it('the primary sidebar hides the sections without a screen (contacts, reports, campaigns, portals, checker view, captain, inbox view)', () => {
    expect(keys(primaryItems(partial('administrator')))).toEqual(['conversations', 'settings']);
    expect(keys(primaryItems(partial('checker')))).toEqual(['conversations']);
    expect(keys(primaryItems(partial('agent', { custom: ['knowledge_base_manage'] })))).toEqual([]);
  });

  it('settings lands on the first settings screen that exists, and lists only those', () => {
    expect(primaryItems(partial('administrator')).find((item) => item.key === 'settings')?.path).toBe('settings/agents/list');
    expect(keys(settingsLinks(partial('administrator')))).toEqual(['agents', 'labels', 'canned']);
    expect(keys(settingsLinks(partial('agent')))).toEqual(['canned']);
  });

  it('the reports, campaigns and checker menus are empty until their screens exist', () => {
    expect(reportLinks(partial('administrator'))).toEqual([]);
    expect(campaignLinks(partial('administrator'))).toEqual([]);
    expect(checkerLinks(partial('checker'))).toEqual([]);
  });

  it('a single entry appears as soon as its route is registered', () => {
    const withContacts = new Set<RouteName>([...registry, 'contacts_dashboard']);
    expect(keys(primaryItems(ctx('administrator', { registry: withContacts })))).toEqual(['conversations', 'contacts', 'settings']);
    expect(canOpen(partial('administrator'), 'settings_teams_new')).toBe(false);
    expect(canOpen(partial('administrator'), 'labels_list')).toBe(true);
    expect(canOpen(partial('agent'), 'labels_list')).toBe(false);
  });
});
