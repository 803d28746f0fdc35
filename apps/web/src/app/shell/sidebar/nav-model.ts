import { canAccess, type AccessToken, type RouteName } from '@app/shared/permissions';
import type { AccountRole, FeatureFlag } from '@app/shared/constants';
import type { MessageKey } from '../../../lib/i18n/i18n.ts';
import type { RouteRegistry } from '../../../lib/route-registry.ts';
import type { IconName } from '../icons.tsx';

/** What the sidebars decide by: the user's entry in the account, the account's flags, the installation. */
export type NavContext = {
  role: AccountRole;
  permissions: readonly AccessToken[];
  /** The account's resolved feature map; null while it loads (flag-gated items wait for it). */
  features: Partial<Record<FeatureFlag, boolean>> | null;
  deployment: 'cloud' | 'self_hosted';
  customBranded: boolean;
  agentBotsEnabled: boolean;
  /** The route names the router has a screen for: an entry whose route is not here is not shown (no dead links). */
  registry: RouteRegistry;
};

export type SectionKey = 'inbox_view' | 'conversations' | 'captain' | 'contacts' | 'reports' | 'campaigns' | 'portals' | 'settings' | 'checker_view';

/** A link of a menu: `path` is under /app/accounts/{id}/. */
export type NavLink = { key: string; label: MessageKey; path: string; route: RouteName };
export type PrimaryItem = NavLink & { section: SectionKey; icon: IconName };

type Gate = { route: RouteName; flag?: FeatureFlag; when?: (ctx: NavContext) => boolean };

const flagOn = (ctx: NavContext, flag: FeatureFlag | undefined) => !flag || ctx.features?.[flag] === true;
const opens = (ctx: NavContext, gate: Gate) =>
  ctx.registry.has(gate.route) && canAccess(ctx.permissions, gate.route) && flagOn(ctx, gate.flag) && (gate.when?.(ctx) ?? true);

/** Whether a link to `route` may be shown: its screen is registered and the user's role opens it. */
export const canOpen = (ctx: NavContext, route: RouteName) => opens(ctx, { route });

type SettingsEntry = NavLink & Gate;

/**
 * The settings menu of 000 section 2, in order. Each item needs its route's roles (administrator; macros and
 * canned responses also agent; 000 section 6) and its feature flag. Audit logs, custom roles and SLA are the
 * enterprise items: their flags decide. Billing only on the cloud offering; agent bots need the global flag.
 */
export const SETTINGS_ITEMS: readonly SettingsEntry[] = [
  { key: 'general', label: 'SIDEBAR.ACCOUNT_SETTINGS', path: 'settings/general', route: 'general_settings_index' },
  { key: 'agents', label: 'SIDEBAR.AGENTS', path: 'settings/agents/list', route: 'agent_list', flag: 'agent_management' },
  { key: 'teams', label: 'SIDEBAR.SETTINGS_TEAMS', path: 'settings/teams/list', route: 'settings_teams_list', flag: 'team_management' },
  { key: 'inboxes', label: 'SIDEBAR.SETTINGS_INBOXES', path: 'settings/inboxes/list', route: 'settings_inbox_list', flag: 'inbox_management' },
  { key: 'labels', label: 'SIDEBAR.SETTINGS_LABELS', path: 'settings/labels/list', route: 'labels_list', flag: 'labels' },
  { key: 'attributes', label: 'SIDEBAR.ATTRIBUTES', path: 'settings/custom-attributes/list', route: 'attributes_list', flag: 'custom_attributes' },
  { key: 'automation', label: 'SIDEBAR.AUTOMATION', path: 'settings/automation/list', route: 'automation_list', flag: 'automations' },
  { key: 'agent_bots', label: 'SIDEBAR.AGENT_BOTS', path: 'settings/agent-bots', route: 'agent_bots', flag: 'agent_bots', when: (ctx) => ctx.agentBotsEnabled },
  { key: 'macros', label: 'SIDEBAR.MACROS', path: 'settings/macros', route: 'macros_wrapper', flag: 'macros' },
  { key: 'canned', label: 'SIDEBAR.CANNED_RESPONSES', path: 'settings/canned-response/list', route: 'canned_list', flag: 'canned_responses' },
  { key: 'integrations', label: 'SIDEBAR.INTEGRATIONS', path: 'settings/integrations', route: 'settings_applications', flag: 'integrations' },
  { key: 'audit_logs', label: 'SIDEBAR.AUDIT_LOGS', path: 'settings/audit-logs/list', route: 'auditlogs_list', flag: 'audit_logs' },
  { key: 'custom_roles', label: 'SIDEBAR.CUSTOM_ROLES', path: 'settings/custom-roles/list', route: 'custom_roles_list', flag: 'custom_roles' },
  { key: 'sla', label: 'SIDEBAR.SLA', path: 'settings/sla/list', route: 'sla_list', flag: 'sla' },
  { key: 'billing', label: 'SIDEBAR.BILLING', path: 'settings/billing', route: 'billing_settings_index', when: (ctx) => ctx.deployment === 'cloud' },
];

/** 001 section 2: reports, in the menu's order. */
const REPORT_ITEMS: readonly SettingsEntry[] = [
  { key: 'overview', label: 'SIDEBAR.REPORTS_OVERVIEW', path: 'reports/overview', route: 'account_overview_reports' },
  { key: 'conversation', label: 'SIDEBAR.REPORTS_CONVERSATION', path: 'reports/conversation', route: 'conversation_reports' },
  { key: 'csat', label: 'SIDEBAR.CSAT', path: 'reports/csat', route: 'csat_reports' },
  { key: 'bot', label: 'SIDEBAR.REPORTS_BOT', path: 'reports/bot', route: 'bot_reports' },
  { key: 'agent', label: 'SIDEBAR.REPORTS_AGENT', path: 'reports/agent', route: 'agent_reports' },
  { key: 'label', label: 'SIDEBAR.REPORTS_LABEL', path: 'reports/label', route: 'label_reports' },
  { key: 'inboxes', label: 'SIDEBAR.REPORTS_INBOX', path: 'reports/inboxes', route: 'inbox_reports' },
  { key: 'teams', label: 'SIDEBAR.REPORTS_TEAM', path: 'reports/teams', route: 'team_reports' },
  { key: 'sla', label: 'SIDEBAR.REPORTS_SLA', path: 'reports/sla', route: 'sla_reports', flag: 'sla' },
];

const CAMPAIGN_ITEMS: readonly SettingsEntry[] = [
  { key: 'ongoing', label: 'SIDEBAR.ONGOING', path: 'campaigns/ongoing', route: 'ongoing_campaigns' },
  { key: 'one_off', label: 'SIDEBAR.ONE_OFF', path: 'campaigns/one_off', route: 'one_off' },
];

const CHECKER_ITEMS: readonly SettingsEntry[] = [
  { key: 'checker_view', label: 'SIDEBAR.CHECKER_INBOXES', path: 'checker-view', route: 'checker_view' },
  { key: 'summaries', label: 'SIDEBAR.CONVERSATION_SUMMARIES', path: 'conversation-summaries', route: 'conversation_summaries' },
];

const visible = (ctx: NavContext, items: readonly SettingsEntry[]): NavLink[] =>
  items.filter((item) => opens(ctx, item)).map(({ key, label, path, route }) => ({ key, label, path, route }));

export const settingsLinks = (ctx: NavContext) => visible(ctx, SETTINGS_ITEMS);
export const reportLinks = (ctx: NavContext) => (flagOn(ctx, 'reports') ? visible(ctx, REPORT_ITEMS) : []);
export const campaignLinks = (ctx: NavContext) => (flagOn(ctx, 'campaigns') ? visible(ctx, CAMPAIGN_ITEMS) : []);
export const checkerLinks = (ctx: NavContext) => (flagOn(ctx, 'checker_view') ? visible(ctx, CHECKER_ITEMS) : []);

/** 000 section 2: agents land on the csat reports, everyone else on the overview. */
const reportsLanding = (ctx: NavContext): Gate & { path: string } =>
  ctx.role === 'agent' && !ctx.permissions.includes('custom_role')
    ? { path: 'reports/csat', route: 'csat_reports' }
    : { path: 'reports/overview', route: 'account_overview_reports' };

/**
 * The primary sidebar of 000 section 2, in order: each item only when its route has a screen, the user's role
 * opens it and its feature flag is on. The help center shows on every install that is not custom-branded (its
 * upgrade page stands in when the flag is off); settings shows when one of its items does, and lands on the first.
 */
export function primaryItems(ctx: NavContext): PrimaryItem[] {
  const items: PrimaryItem[] = [];
  const add = (item: Omit<PrimaryItem, 'route'>, gate: Gate) => {
    if (opens(ctx, gate)) items.push({ ...item, route: gate.route });
  };
  add({ key: 'inbox_view', section: 'inbox_view', icon: 'inbox', label: 'SIDEBAR.INBOX_VIEW', path: 'inbox-view' }, { route: 'inbox_view', flag: 'inbox_view' });
  add({ key: 'conversations', section: 'conversations', icon: 'conversations', label: 'SIDEBAR.CONVERSATIONS', path: 'dashboard' }, { route: 'home' });
  add({ key: 'captain', section: 'captain', icon: 'captain', label: 'SIDEBAR.CAPTAIN', path: 'captain' }, { route: 'captain', flag: 'captain_integration' });
  add({ key: 'contacts', section: 'contacts', icon: 'contacts', label: 'SIDEBAR.CONTACTS', path: 'contacts' }, { route: 'contacts_dashboard', flag: 'crm' });
  const reports = reportsLanding(ctx);
  add({ key: 'reports', section: 'reports', icon: 'reports', label: 'SIDEBAR.REPORTS', path: reports.path }, { route: reports.route, flag: 'reports' });
  add({ key: 'campaigns', section: 'campaigns', icon: 'campaigns', label: 'SIDEBAR.CAMPAIGNS', path: 'campaigns/ongoing' }, { route: 'ongoing_campaigns', flag: 'campaigns' });
  add(
    { key: 'portals', section: 'portals', icon: 'portals', label: 'SIDEBAR.HELP_CENTER', path: 'portals' },
    ctx.customBranded ? { route: 'list_all_portals', flag: 'help_center' } : { route: 'list_all_portals' },
  );
  const firstSetting = settingsLinks(ctx)[0];
  if (firstSetting) items.push({ key: 'settings', section: 'settings', icon: 'settings', label: 'SIDEBAR.SETTINGS', path: firstSetting.path, route: firstSetting.route });
  // Like settings: the checker view section shows when one of its two screens does (a custom role may hold only
  // conversation_summary_manage), and lands on the first.
  const firstChecker = checkerLinks(ctx)[0];
  if (firstChecker) items.push({ key: 'checker_view', section: 'checker_view', icon: 'checker', label: 'SIDEBAR.CHECKER_VIEW', path: firstChecker.path, route: firstChecker.route });
  return items;
}

const SECTION_BY_SEGMENT: Record<string, SectionKey> = {
  'inbox-view': 'inbox_view',
  dashboard: 'conversations',
  conversations: 'conversations',
  inbox: 'conversations',
  label: 'conversations',
  team: 'conversations',
  custom_view: 'conversations',
  mentions: 'conversations',
  unattended: 'conversations',
  participating: 'conversations',
  captain: 'captain',
  contacts: 'contacts',
  labels: 'contacts',
  reports: 'reports',
  campaigns: 'campaigns',
  portals: 'portals',
  settings: 'settings',
  'checker-view': 'checker_view',
  'conversation-summaries': 'checker_view',
};

/** Which primary section a path under /app/accounts/{id}/ belongs to (null: none, e.g. profile settings). */
export function sectionOf(pathname: string): SectionKey | null {
  const segment = /^\/app\/accounts\/\d+\/([^/]+)/.exec(pathname)?.[1];
  return segment ? (SECTION_BY_SEGMENT[segment] ?? null) : null;
}

/** 000 section 4: the reconnecting notice shows only on conversation, inbox and notification screens. */
export function isRealtimeScreen(pathname: string): boolean {
  const segment = /^\/app\/accounts\/\d+\/([^/]+)/.exec(pathname)?.[1];
  return segment !== undefined && (SECTION_BY_SEGMENT[segment] === 'conversations' || segment === 'inbox-view' || segment === 'notifications');
}
