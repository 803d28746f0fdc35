import { describe, expect, it } from 'vitest';
import type { CurrentUser, UserAccount } from '@app/shared/users';
import { permissionsFor } from '@app/shared/permissions';
import { guard } from './guard.ts';

function account(id: number, role: UserAccount['role'], extra: Partial<UserAccount> = {}): UserAccount {
  const customRolePermissions = extra.custom_role?.permissions ?? null;
  return {
    id, name: `Account ${id}`, status: 'active', locale: 'en', active_at: null, role,
    permissions: permissionsFor({ role, customRolePermissions }), availability: 'online', availability_status: 'online',
    auto_offline: true, custom_role_id: extra.custom_role?.id ?? null, custom_role: null, leader_inbox: [], checker_inbox: [], ...extra,
  };
}

function user(accounts: UserAccount[]): CurrentUser {
  return {
    id: 1, access_token: 't', account_id: accounts[0]?.id ?? null, accounts, available_name: 'Jane', avatar_url: '', thumbnail: '',
    confirmed: true, display_name: null, message_signature: null, email: 'jane@example.com', uid: 'jane@example.com', hmac_identifier: 'h',
    inviter_id: null, name: 'Jane', provider: 'email', pubsub_token: 'p', role: accounts[0]?.role ?? null, permissions: [],
    custom_role_id: null, availability: 'online', availability_status: 'online', auto_offline: true, leader_inbox: [], checker_inbox: [],
    ui_settings: {}, custom_attributes: {}, type: null,
  };
}

const customRole = (permissions: ('contact_manage' | 'report_manage' | 'knowledge_base_manage')[]) => ({ id: 9, name: 'Role', description: null, permissions });

describe('access guard', () => {
  it('S0-2.02 S0-8.26 a visitor who is not logged in is sent to /app/login', () => {
    expect(guard(null, 1, 'home')).toEqual({ kind: 'redirect', to: '/app/login' });
    expect(guard(null, null, null)).toEqual({ kind: 'redirect', to: '/app/login' });
  });

  it('S0-2.01 S0-2.03 a route without a name redirects to the account dashboard under /app/accounts', () => {
    const u = user([account(4, 'agent')]);
    expect(guard(u, 4, null)).toEqual({ kind: 'redirect', to: '/app/accounts/4/dashboard' });
    expect(guard(u, null, null)).toEqual({ kind: 'redirect', to: '/app/accounts/4/dashboard' });
  });

  it('S0-2.04 an account the user has no entry for sends them to the login screen', () => {
    expect(guard(user([account(4, 'administrator')]), 5, 'home')).toEqual({ kind: 'redirect', to: '/app/login' });
  });

  it('S0-2.05 a non-active account sends the user to its suspended screen, which then shows', () => {
    const u = user([account(4, 'agent', { status: 'suspended' })]);
    expect(guard(u, 4, 'home')).toEqual({ kind: 'redirect', to: '/app/accounts/4/suspended' });
    expect(guard(u, 4, 'account_suspended')).toEqual({ kind: 'allow' });
    expect(guard(user([account(4, 'agent')]), 4, 'account_suspended')).toEqual({ kind: 'redirect', to: '/app/accounts/4/dashboard' });
  });

  it('S0-2.09 a user without permission goes to the first allowed of dashboard, contacts, reports overview, portals', () => {
    const agent = user([account(4, 'agent')]);
    expect(guard(agent, 4, 'general_settings_index')).toEqual({ kind: 'redirect', to: '/app/accounts/4/dashboard' });
    const contacts = user([account(4, 'agent', { custom_role: customRole(['contact_manage']) })]);
    expect(guard(contacts, 4, 'general_settings_index')).toEqual({ kind: 'redirect', to: '/app/accounts/4/contacts' });
    const reports = user([account(4, 'agent', { custom_role: customRole(['report_manage']) })]);
    expect(guard(reports, 4, 'home')).toEqual({ kind: 'redirect', to: '/app/accounts/4/reports/overview' });
    const kb = user([account(4, 'agent', { custom_role: customRole(['knowledge_base_manage']) })]);
    expect(guard(kb, 4, 'agent_list')).toEqual({ kind: 'redirect', to: '/app/accounts/4/portals' });
  });

  it('S0-2.10 a user allowed none of those is sent to the dashboard (and shown it rather than looping)', () => {
    const checker = user([account(4, 'checker')]);
    expect(guard(checker, 4, 'agent_list')).toEqual({ kind: 'redirect', to: '/app/accounts/4/dashboard' });
    expect(guard(checker, 4, 'home')).toEqual({ kind: 'allow' });
  });

  it('S0-2.11 S1-6.18 S1-6.19 the role that counts is the one in the account of the URL', () => {
    const u = user([account(4, 'administrator'), account(5, 'agent')]);
    expect(guard(u, 4, 'general_settings_index')).toEqual({ kind: 'allow' });
    expect(guard(u, 5, 'general_settings_index')).toEqual({ kind: 'redirect', to: '/app/accounts/5/dashboard' });
  });
});
