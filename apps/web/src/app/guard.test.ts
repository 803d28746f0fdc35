import { describe, expect, it } from 'vitest';
import type { RouteName } from '@app/shared/permissions';
import { customRole, makeAccount, makeUser } from '../test/fixtures.ts';
import { EVERY_ROUTE } from '../lib/route-registry.ts';
import { guard } from './guard.ts';

const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });
const userWith = (...accounts: ReturnType<typeof makeAccount>[]) => makeUser({ accounts, account_id: accounts[0]?.id ?? null });

describe('access guard', () => {
  it('S0-2.02 S0-8.26 a visitor who is not logged in is sent to /app/login, whichever route they request', () => {
    expect(guard(null, 1, 'home', EVERY_ROUTE)).toEqual(to('/app/login'));
    expect(guard(null, 1, 'account_suspended', EVERY_ROUTE)).toEqual(to('/app/login'));
    expect(guard(null, 1, 'general_settings_index', EVERY_ROUTE)).toEqual(to('/app/login'));
    expect(guard(null, null, null, EVERY_ROUTE)).toEqual(to('/app/login'));
  });

  it('S0-2.01 S0-2.03 a route without a name redirects to the dashboard under /app/accounts/{accountId}', () => {
    const u = userWith(makeAccount(4, 'agent'), makeAccount(5, 'agent'));
    expect(guard(u, 5, null, EVERY_ROUTE)).toEqual(to('/app/accounts/5/dashboard'));
    // no account in the URL (/app): the active account's dashboard
    expect(guard({ ...u, account_id: 5 }, null, null, EVERY_ROUTE)).toEqual(to('/app/accounts/5/dashboard'));
    // an active account_id the user no longer belongs to: their first account
    expect(guard({ ...u, account_id: 99 }, null, null, EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
    // no account at all: the login screen explains
    expect(guard(userWith(), null, null, EVERY_ROUTE)).toEqual(to('/app/login'));
  });

  it('S0-2.04 an account the user has no entry for sends them to the login screen', () => {
    const u = userWith(makeAccount(4, 'administrator'));
    expect(guard(u, 5, 'home', EVERY_ROUTE)).toEqual(to('/app/login'));
    expect(guard(u, 5, 'account_suspended', EVERY_ROUTE)).toEqual(to('/app/login'));
    expect(guard(u, Number.NaN, 'home', EVERY_ROUTE)).toEqual(to('/app/login'));
  });

  it('S0-2.05 S0-4.02 an account whose status is not active sends every route to accounts/{id}/suspended', () => {
    const u = userWith(makeAccount(4, 'administrator', { status: 'suspended' }));
    expect(guard(u, 4, 'home', EVERY_ROUTE)).toEqual(to('/app/accounts/4/suspended'));
    expect(guard(u, 4, 'general_settings_index', EVERY_ROUTE)).toEqual(to('/app/accounts/4/suspended'));
    expect(guard(u, 4, null, EVERY_ROUTE)).toEqual(to('/app/accounts/4/suspended'));
    // an active account has no suspended screen to show
    expect(guard(userWith(makeAccount(4, 'agent')), 4, 'account_suspended', EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
  });

  it('S0-2.06 account_suspended is open to administrator', () => {
    expect(guard(userWith(makeAccount(4, 'administrator', { status: 'suspended' })), 4, 'account_suspended', EVERY_ROUTE)).toEqual(allow);
  });

  it('S0-2.07 account_suspended is open to agent', () => {
    expect(guard(userWith(makeAccount(4, 'agent', { status: 'suspended' })), 4, 'account_suspended', EVERY_ROUTE)).toEqual(allow);
  });

  it('S0-2.08 account_suspended is open to custom_role', () => {
    const account = makeAccount(4, 'agent', { status: 'suspended', custom_role: customRole(['contact_manage']) });
    expect(account.permissions).toEqual(['custom_role', 'contact_manage']);
    expect(guard(userWith(account), 4, 'account_suspended', EVERY_ROUTE)).toEqual(allow);
  });

  it('S0-2.09 a user lacking permission goes to the first allowed of dashboard, contacts, reports/overview, portals', () => {
    const agent = userWith(makeAccount(4, 'agent'));
    expect(guard(agent, 4, 'general_settings_index', EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
    const contacts = userWith(makeAccount(4, 'agent', { custom_role: customRole(['contact_manage', 'report_manage']) }));
    expect(guard(contacts, 4, 'general_settings_index', EVERY_ROUTE)).toEqual(to('/app/accounts/4/contacts'));
    const reports = userWith(makeAccount(4, 'agent', { custom_role: customRole(['report_manage', 'knowledge_base_manage']) }));
    expect(guard(reports, 4, 'home', EVERY_ROUTE)).toEqual(to('/app/accounts/4/reports/overview'));
    const kb = userWith(makeAccount(4, 'agent', { custom_role: customRole(['knowledge_base_manage']) }));
    expect(guard(kb, 4, 'agent_list', EVERY_ROUTE)).toEqual(to('/app/accounts/4/portals'));
  });

  it('S0-2.10 a user allowed none of those is sent to the dashboard, which then shows rather than looping', () => {
    // a custom role without permissions, while the profile screen is not in the router either
    const none = userWith(makeAccount(4, 'agent', { custom_role: customRole([]) }));
    const registry = new Set<RouteName>(['home', 'agent_list']);
    expect(guard(none, 4, 'agent_list', registry)).toEqual(to('/app/accounts/4/dashboard'));
    expect(guard(none, 4, 'home', registry)).toEqual(allow);
  });

  it('a checker opens the conversation list and conversations of their inboxes; other screens send them there', () => {
    const checker = userWith(makeAccount(4, 'checker'));
    expect(guard(checker, 4, 'home', EVERY_ROUTE)).toEqual(allow);
    expect(guard(checker, 4, 'inbox_conversation', EVERY_ROUTE)).toEqual(allow);
    expect(guard(checker, 4, 'inbox_dashboard', EVERY_ROUTE)).toEqual(allow);
    expect(guard(checker, 4, 'agent_list', EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
    expect(guard(checker, 4, 'conversation_mentions', EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
  });

  it('S1-2.78 the checker view and the conversation summaries open only with their own permission', () => {
    const summaries = userWith(makeAccount(4, 'agent', { custom_role: customRole(['conversation_summary_manage']) }));
    expect(guard(summaries, 4, 'conversation_summaries', EVERY_ROUTE)).toEqual(allow);
    expect(guard(summaries, 4, 'checker_view', EVERY_ROUTE)).not.toEqual(allow);
    const records = userWith(makeAccount(4, 'agent', { custom_role: customRole(['checker_view_manage', 'contact_manage']) }));
    expect(guard(records, 4, 'checker_view', EVERY_ROUTE)).toEqual(allow);
    expect(guard(records, 4, 'conversation_summaries', EVERY_ROUTE)).toEqual(to('/app/accounts/4/contacts'));
    // neither for a plain agent or another custom role; both for checkers and administrators
    const agent = userWith(makeAccount(4, 'agent'));
    expect(guard(agent, 4, 'conversation_summaries', EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
    expect(guard(agent, 4, 'checker_view', EVERY_ROUTE)).toEqual(to('/app/accounts/4/dashboard'));
    const reports = userWith(makeAccount(4, 'agent', { custom_role: customRole(['report_manage']) }));
    expect(guard(reports, 4, 'conversation_summaries', EVERY_ROUTE)).toEqual(to('/app/accounts/4/reports/overview'));
    for (const role of ['checker', 'administrator'] as const) {
      expect(guard(userWith(makeAccount(4, role)), 4, 'conversation_summaries', EVERY_ROUTE)).toEqual(allow);
      expect(guard(userWith(makeAccount(4, role)), 4, 'checker_view', EVERY_ROUTE)).toEqual(allow);
    }
  });

  it('the fallback skips routes that have no screen yet: a knowledge-base role lands on their profile, not on portals', () => {
    const kb = userWith(makeAccount(4, 'agent', { custom_role: customRole(['knowledge_base_manage']) }));
    const built = new Set<RouteName>(['home', 'contacts_dashboard', 'profile_settings_index', 'agent_list']);
    expect(guard(kb, 4, 'agent_list', built)).toEqual(to('/app/accounts/4/profile/settings'));
    const reports = userWith(makeAccount(4, 'agent', { custom_role: customRole(['report_manage', 'contact_manage']) }));
    // contacts is the first fallback they may open, but only once its screen exists
    expect(guard(reports, 4, 'agent_list', built)).toEqual(to('/app/accounts/4/contacts'));
    expect(guard(reports, 4, 'agent_list', new Set<RouteName>(['home', 'profile_settings_index']))).toEqual(to('/app/accounts/4/profile/settings'));
  });

  it('S0-2.11 permissions are those of the account in the URL, not of another account', () => {
    const u = userWith(makeAccount(4, 'administrator'), makeAccount(5, 'agent'));
    expect(guard(u, 4, 'general_settings_index', EVERY_ROUTE)).toEqual(allow);
    expect(guard(u, 5, 'general_settings_index', EVERY_ROUTE)).toEqual(to('/app/accounts/5/dashboard'));
    // the user-level role and permissions (the active account's) do not count for another account
    expect(guard({ ...u, role: 'administrator', permissions: ['administrator'] }, 5, 'billing_settings_index', EVERY_ROUTE)).toEqual(to('/app/accounts/5/dashboard'));
  });

  it('S0-2.24 S0-2.28 allowed routes open: canned responses to an agent, the default portal to knowledge_base_manage', () => {
    expect(guard(userWith(makeAccount(4, 'agent')), 4, 'canned_list', EVERY_ROUTE)).toEqual(allow);
    const kb = userWith(makeAccount(4, 'agent', { custom_role: customRole(['knowledge_base_manage']) }));
    expect(guard(kb, 4, 'default_portal_articles', EVERY_ROUTE)).toEqual(allow);
  });
});
