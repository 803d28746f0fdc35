import { describe, expect, it } from 'vitest';
import { changedFields, describeAuditLog, type AuditLog } from './describe-audit-log.ts';

const log = (extra: Partial<AuditLog>): AuditLog => ({
  id: 1,
  account_id: 7,
  auditable_id: 3,
  auditable_type: 'Inbox',
  auditable_name: 'Website',
  associated_id: null,
  associated_type: null,
  user_id: 1,
  user_type: 'User',
  username: 'maya@example.com',
  user_name: 'Maya',
  action: 'update',
  audited_changes: { greeting_enabled: [false, true] },
  remote_address: '192.0.2.1',
  request_uuid: 'r1',
  created_at: 1_760_000_000,
  ...extra,
});

describe('describeAuditLog', () => {
  it('says who did what to which record, by name', () => {
    expect(describeAuditLog(log({}))).toBe('Maya updated inbox Website');
    expect(describeAuditLog(log({ action: 'create', auditable_type: 'CustomRole', auditable_name: 'Triage' }))).toBe('Maya created custom role Triage');
    expect(describeAuditLog(log({ action: 'sign_in', auditable_type: 'User', auditable_name: 'Maya' }))).toBe('Maya signed in');
    expect(describeAuditLog(log({ action: 'sign_out', auditable_type: 'User' }))).toBe('Maya signed out');
  });

  it('falls back to the name a delete recorded, then to the id; to the email, then the system for the actor', () => {
    expect(describeAuditLog(log({ action: 'destroy', auditable_type: 'Team', auditable_name: null, audited_changes: { name: ['Billing', null] } }))).toBe('Maya deleted team Billing');
    expect(describeAuditLog(log({ auditable_name: null, user_name: null }))).toBe('maya@example.com updated inbox #3');
    expect(describeAuditLog(log({ user_name: null, username: null, user_id: null }))).toBe('The system updated inbox Website');
    expect(describeAuditLog(log({ action: 'destroy', auditable_type: 'Webhook', auditable_name: null, audited_changes: { url: ['https://example.com/hook', null] } }))).toBe(
      'Maya deleted webhook https://example.com/hook',
    );
  });

  it('words the special cases: agents added and removed, inbox members, the inbox bot, token resets, account settings', () => {
    expect(describeAuditLog(log({ action: 'create', auditable_type: 'AccountUser', auditable_name: 'Bob' }))).toBe('Maya added agent Bob');
    expect(describeAuditLog(log({ action: 'destroy', auditable_type: 'AccountUser', auditable_name: 'Bob' }))).toBe('Maya removed agent Bob');
    expect(describeAuditLog(log({ associated_type: 'InboxMember', audited_changes: { user_ids: [[1], [1, 2]] } }))).toBe('Maya changed the agents of inbox Website');
    expect(describeAuditLog(log({ audited_changes: { agent_bot_id: [null, 4] } }))).toBe('Maya changed the agent bot of inbox Website');
    expect(describeAuditLog(log({ auditable_type: 'AgentBot', auditable_name: 'Helper', audited_changes: { access_token: ['[FILTERED]', '[FILTERED]'] } }))).toBe(
      'Maya reset the access token of agent bot Helper',
    );
    expect(describeAuditLog(log({ auditable_type: 'Account', auditable_name: 'Northwind', audited_changes: { locale: ['en', 'fr'] } }))).toBe('Maya updated the account settings');
  });

  it('still reads for an action or type it does not know', () => {
    expect(describeAuditLog(log({ action: 'archive', auditable_type: 'AutomationRule', auditable_name: 'Auto' }))).toBe('Maya did “archive” on automation rule Auto');
  });

  it('lists the fields an update changed, and none for other actions', () => {
    expect(changedFields(log({ audited_changes: { name: ['a', 'b'], greeting_enabled: [false, true] } }))).toEqual(['name', 'greeting_enabled']);
    expect(changedFields(log({ action: 'create', audited_changes: { name: [null, 'a'] } }))).toEqual([]);
  });
});
