import { ACCOUNT_ROLES, CUSTOM_ROLE_PERMISSIONS, type AccountRole, type CustomRolePermission } from './constants.ts';

/** What a route can ask for: a role, the custom_role marker, or one custom-role permission. */
export const ACCESS_TOKENS = [...ACCOUNT_ROLES, 'custom_role', ...CUSTOM_ROLE_PERMISSIONS] as const;
export type AccessToken = (typeof ACCESS_TOKENS)[number];

export type Membership = {
  role: AccountRole;
  /** Permissions of the member's custom role, or null when none is attached. */
  customRolePermissions: readonly CustomRolePermission[] | null;
};

/**
 * The tokens a member holds in one account. Like Chatwoot, an agent with a custom role is judged by
 * that role (custom_role + its permissions), not as a plain agent; administrators ignore custom roles.
 */
export function permissionsFor(membership: Membership): AccessToken[] {
  if (membership.role === 'agent' && membership.customRolePermissions) {
    return ['custom_role', ...membership.customRolePermissions];
  }
  return [membership.role];
}

/** A member who sees only some conversations of their inboxes (a custom role without conversation_manage). */
export type ConversationRestriction = { unassigned: boolean; participating: boolean };

/**
 * null: the member sees every conversation of their inboxes (administrators, agents, checkers, custom roles with
 * conversation_manage). Otherwise their own (assigned to them), plus the unassigned ones with
 * conversation_unassigned_manage, plus those they participate in with conversation_participating_manage.
 * The API's access (apps/api/src/lib/member-access.ts) and the web's live lists read it from here.
 */
export function conversationRestriction(tokens: readonly AccessToken[]): ConversationRestriction | null {
  const full = tokens.includes('administrator') || tokens.includes('agent') || tokens.includes('checker') || tokens.includes('conversation_manage');
  return full ? null : { unassigned: tokens.includes('conversation_unassigned_manage'), participating: tokens.includes('conversation_participating_manage') };
}

/**
 * Whether a restriction lets a member see a conversation of their inboxes, by its assignee and, when known, whether
 * they participate: undefined when only their participation, not known to the caller, could tell.
 */
export function restrictionAllows(
  restriction: ConversationRestriction | null,
  userId: number,
  assigneeId: number | null | undefined,
  participant: boolean | undefined,
): boolean | undefined {
  if (!restriction) return true;
  if (assigneeId !== undefined && assigneeId === userId) return true;
  if (restriction.unassigned && assigneeId === null) return true;
  if (!restriction.participating) return false;
  return participant;
}

const ADMIN = ['administrator'] as const;
const EVERY_MEMBER = ['administrator', 'agent', 'checker', 'custom_role'] as const;
const CONVERSATION_READERS = [
  'administrator',
  'agent',
  'conversation_manage',
  'conversation_unassigned_manage',
  'conversation_participating_manage',
] as const;
// 000 section 6: a checker reviews the inboxes assigned to them, so opens the conversation list and the
// conversations of those inboxes (read only: the API lets them read, never act)
const CONVERSATION_VIEWERS = [...CONVERSATION_READERS, 'checker'] as const;
const REPORTS_ALL = ['administrator', 'report_manage'] as const;
const REPORTS_AGENT = ['administrator', 'report_manage', 'agent'] as const;
const CONTACTS = ['administrator', 'agent', 'contact_manage'] as const;
const HELP_CENTER_ADMIN = ['administrator', 'knowledge_base_manage'] as const;
const HELP_CENTER_READ = ['administrator', 'agent', 'knowledge_base_manage'] as const;
const PROFILE = ['administrator', 'agent', 'custom_role'] as const;
// 001 section 6: the checker view and the conversation summaries, each behind a permission of its own
const CHECKER = ['administrator', 'checker', 'checker_view_manage'] as const;
const SUMMARIES = ['administrator', 'checker', 'conversation_summary_manage'] as const;
// payment records: the checker view's people, and agents, who meet the customers (their inboxes only)
const PAYMENT_READERS = [...CHECKER, 'agent'] as const;
const CONVERSATION_PAYMENTS = [...CONVERSATION_VIEWERS, 'checker_view_manage'] as const;

/**
 * The one route-access table. Keys are the web app's route names (spec 000 section 2, 001 sections 2
 * and 6) and `api:` names for API routes; the API's access hook and the web app's guard both read it.
 */
export const ROUTE_ACCESS = {
  // --- web routes, 000 section 2
  account_suspended: ['administrator', 'agent', 'custom_role', 'checker'],
  home: CONVERSATION_VIEWERS,
  // `settings` itself redirects by role (001 section 2), so every member may ask for it
  settings_home: EVERY_MEMBER,
  general_settings_index: ADMIN,
  agent_list: ADMIN,
  agent_bots: ADMIN,
  agent_bots_csml_new: ADMIN,
  agent_bots_csml_edit: ADMIN,
  attributes_list: ADMIN,
  automation_list: ADMIN,
  auditlogs_list: ADMIN,
  billing_settings_index: ADMIN,
  ongoing_campaigns: ADMIN,
  one_off: ADMIN,
  canned_list: ['administrator', 'agent'],
  default_portal_articles: HELP_CENTER_ADMIN,
  list_all_portals: HELP_CENTER_READ,
  new_portal_information: HELP_CENTER_ADMIN,
  portal_customization: HELP_CENTER_ADMIN,
  portal_finish: HELP_CENTER_ADMIN,
  portalSlug: HELP_CENTER_READ,
  edit_portal_information: HELP_CENTER_ADMIN,
  edit_portal_customization: HELP_CENTER_ADMIN,
  edit_portal_locales: HELP_CENTER_ADMIN,
  list_all_locale_categories: HELP_CENTER_READ,
  list_all_locale_articles: HELP_CENTER_ADMIN,
  new_article: HELP_CENTER_ADMIN,
  list_mine_articles: HELP_CENTER_ADMIN,
  list_archived_articles: HELP_CENTER_ADMIN,
  list_draft_articles: HELP_CENTER_ADMIN,
  edit_article: HELP_CENTER_ADMIN,
  all_locale_categories: HELP_CENTER_READ,
  new_category_in_locale: HELP_CENTER_READ,
  show_category: HELP_CENTER_READ,
  edit_category: HELP_CENTER_READ,
  show_category_articles: HELP_CENTER_READ,
  captain: ['administrator', 'agent'],
  // --- web routes, 001 section 2
  settings_inbox_list: ['administrator', 'custom_role'],
  settings_inbox_new: ADMIN,
  settings_inbox_finish: ADMIN,
  settings_inboxes_page_channel: ADMIN,
  settings_inboxes_add_agents: ADMIN,
  settings_inbox_show: ['administrator', 'custom_role'],
  settings_message: ADMIN,
  settings_applications: ADMIN,
  settings_integrations_dashboard_apps: ADMIN,
  settings_integrations_webhook: ADMIN,
  settings_integrations_slack: ADMIN,
  settings_applications_integration: ADMIN,
  labels_list: ADMIN,
  macros_wrapper: ['administrator', 'agent'],
  macros_new: ['administrator', 'agent'],
  macros_edit: ['administrator', 'agent'],
  settings_teams_list: ADMIN,
  settings_teams_new: ADMIN,
  settings_teams_finish: ADMIN,
  settings_teams_add_agents: ADMIN,
  settings_teams_edit: ADMIN,
  settings_teams_edit_members: ADMIN,
  settings_teams_edit_finish: ADMIN,
  sla_wrapper: ADMIN,
  sla_list: ADMIN,
  custom_roles_list: ADMIN,
  profile_settings_index: PROFILE,
  account_overview_reports: REPORTS_ALL,
  csat_reports: REPORTS_AGENT,
  agent_reports: REPORTS_AGENT,
  conversation_reports: REPORTS_ALL,
  bot_reports: REPORTS_ALL,
  label_reports: REPORTS_ALL,
  inbox_reports: REPORTS_ALL,
  team_reports: REPORTS_ALL,
  sla_reports: REPORTS_ALL,
  inbox_conversation: CONVERSATION_VIEWERS,
  inbox_dashboard: CONVERSATION_VIEWERS,
  label_conversations: CONVERSATION_READERS,
  team_conversations: CONVERSATION_READERS,
  folder_conversations: CONVERSATION_READERS,
  conversation_mentions: CONVERSATION_READERS,
  conversation_unattended: CONVERSATION_READERS,
  conversation_participating: CONVERSATION_READERS,
  search: CONVERSATION_READERS,
  contacts_dashboard: CONTACTS,
  contacts_segments_dashboard: CONTACTS,
  contacts_labels_dashboard: CONTACTS,
  contact_profile_dashboard: CONTACTS,
  notifications_index: PROFILE,
  inbox_view: PROFILE,
  inbox_view_conversation: PROFILE,
  checker_view: CHECKER,
  conversation_summaries: SUMMARIES,

  // --- API routes
  'api:accounts.show': EVERY_MEMBER,
  'api:accounts.update': ADMIN,
  'api:accounts.limits': EVERY_MEMBER,
  'api:accounts.cache_keys': EVERY_MEMBER,
  // checkout and subscription of the cloud offering's billing (000 section 2: billing_settings_index)
  'api:billing.manage': ADMIN,
  'api:agents.index': EVERY_MEMBER,
  'api:agents.manage': ADMIN,
  'api:leaders.index': EVERY_MEMBER,
  'api:checkers.index': EVERY_MEMBER,
  'api:custom_roles.index': ADMIN,
  'api:custom_roles.manage': ADMIN,
  'api:audit_logs.index': ADMIN,
  'api:upload.create': EVERY_MEMBER,
  // inbox settings (milestone 2): administrators write; members read what their work needs
  'api:labels.index': EVERY_MEMBER,
  'api:labels.manage': ADMIN,
  'api:canned_responses.index': ['administrator', 'agent', 'custom_role'],
  'api:canned_responses.manage': ['administrator', 'agent'],
  'api:custom_attributes.index': EVERY_MEMBER,
  'api:custom_attributes.manage': ADMIN,
  // 000 section 6: a checker does not load teams
  'api:teams.index': ['administrator', 'agent', 'custom_role'],
  'api:teams.manage': ADMIN,
  'api:webhooks.index': ADMIN,
  'api:webhooks.manage': ADMIN,
  'api:dashboard_apps.index': EVERY_MEMBER,
  'api:dashboard_apps.manage': ADMIN,
  'api:integrations.index': EVERY_MEMBER,
  'api:integrations.manage': ADMIN,
  // saved folders and segments belong to the member who saved them
  'api:custom_filters.manage': EVERY_MEMBER,
  // inboxes: every member reads the inboxes they work (agents and checkers: their memberships only)
  'api:inboxes.index': EVERY_MEMBER,
  'api:inboxes.manage': ADMIN,
  // OAuth authorization URLs, the Facebook page callbacks and the Twilio channel create inboxes
  'api:channels.authorize': ADMIN,
  'api:inbox_members.index': EVERY_MEMBER,
  'api:inbox_members.manage': ADMIN,
  'api:assignable_agents.index': EVERY_MEMBER,
  // administrators, and agents who lead the inbox (checked by the service)
  'api:bulk_assignments.create': ['administrator', 'agent'],
  'api:agent_bots.index': ['administrator', 'agent', 'custom_role'],
  'api:agent_bots.manage': ADMIN,
  // conversations (milestone 3): which conversations a reader sees is decided per role by the service
  // (administrators all; agents and conversation_manage their inboxes; conversation_unassigned_manage the
  // unassigned and their own; conversation_participating_manage their own and participating; checkers
  // read their checker inboxes)
  'api:conversations.index': CONVERSATION_VIEWERS,
  'api:conversations.manage': CONVERSATION_READERS,
  'api:conversations.destroy': ADMIN,
  'api:messages.index': CONVERSATION_VIEWERS,
  'api:messages.create': CONVERSATION_READERS,
  'api:contacts.index': [...CONTACTS, 'conversation_manage', 'conversation_unassigned_manage', 'conversation_participating_manage'],
  'api:contacts.manage': CONTACTS,
  // milestone 5: deleting, importing and exporting contacts is for administrators and the contact_manage role
  'api:contacts.destroy': ['administrator', 'contact_manage'],
  'api:contacts.import': ['administrator', 'contact_manage'],
  'api:contacts.export': ['administrator', 'contact_manage'],
  'api:contacts.merge': CONTACTS,
  // global search: each part only what the caller may see (contacts need contact access; conversations and
  // messages the caller's conversation scope), decided by the service
  'api:search.index': [...CONVERSATION_READERS, 'contact_manage'],
  // conversation bulk actions: the service checks each change as the single action would
  'api:bulk_actions.create': CONVERSATION_READERS,
  // notifications (milestone 7): every member who may open the notifications screen, each only their own
  'api:notifications.index': PROFILE,
  'api:notifications.manage': PROFILE,
  'api:notifications.settings': PROFILE,
  // payment operations (milestone 6, docs/payments.md): records of the caller's inboxes (administrators: all)
  'api:payments.index': PAYMENT_READERS,
  'api:payments.update': PAYMENT_READERS,
  // integrators push records with an administrator's token
  'api:payments.import': ADMIN,
  'api:withdraw_issues.index': PAYMENT_READERS,
  'api:withdraw_issues.create': [...CONVERSATION_READERS, 'checker', 'checker_view_manage'],
  'api:withdraw_issues.manage': PAYMENT_READERS,
  'api:ocr.create': CONVERSATION_PAYMENTS,
  'api:conversation_summaries.index': SUMMARIES,
  // reports (milestone 11, docs/reports.md): every v2 report for administrators and report_manage; agents read
  // the agent reports (their own row only, decided by the service) and CSAT (their conversation scope)
  'api:reports.index': REPORTS_ALL,
  'api:reports.agent': REPORTS_AGENT,
  'api:csat.index': REPORTS_AGENT,
} as const satisfies Record<string, readonly AccessToken[]>;

export type RouteName = keyof typeof ROUTE_ACCESS;

export function canAccess(tokens: readonly AccessToken[], route: RouteName): boolean {
  const allowed: readonly AccessToken[] = ROUTE_ACCESS[route];
  return tokens.some((token) => allowed.includes(token));
}

/** 000 section 2: where a user who may not open a route goes instead, first allowed wins. */
export const FALLBACK_ROUTES = ['home', 'contacts_dashboard', 'account_overview_reports', 'list_all_portals'] as const;

export function fallbackRoute(tokens: readonly AccessToken[]): (typeof FALLBACK_ROUTES)[number] {
  return FALLBACK_ROUTES.find((route) => canAccess(tokens, route)) ?? 'home';
}
