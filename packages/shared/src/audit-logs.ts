import { z } from 'zod';

export const AUDIT_ACTIONS = ['create', 'update', 'destroy', 'sign_in', 'sign_out', 'password_reset'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDITABLE_TYPES = ['Account', 'User', 'AccountUser', 'CustomRole', 'Inbox', 'InboxMember', 'Team', 'Webhook', 'AgentBot', 'DashboardApp', 'Integrations::Hook', 'WithdrawIssue', 'PaymentRecord', 'Contact', 'Conversation'] as const;
export type AuditableType = (typeof AUDITABLE_TYPES)[number];

export const AuditLogSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  auditable_id: z.number().int().nullable(),
  auditable_type: z.string(),
  associated_id: z.number().int().nullable(),
  associated_type: z.string().nullable(),
  auditable_name: z.string().nullable().describe("The audited record's current name (a webhook's URL); null once it is deleted."),
  user_id: z.number().int().nullable(),
  user_type: z.string().nullable(),
  username: z.string().nullable().describe("The actor's email."),
  user_name: z.string().nullable().describe("The actor's current name; null for the system or a deleted user."),
  action: z.string(),
  audited_changes: z.record(z.string(), z.unknown()),
  remote_address: z.string().nullable(),
  request_uuid: z.string().nullable(),
  created_at: z.number().int(),
});

export const AuditLogListSchema = z.object({
  audit_logs: z.array(AuditLogSchema),
  total_entries: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
});
