import type { z } from 'zod';
import type { AuditLogSchema } from '@app/shared/audit-logs';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

export type AuditLog = z.infer<typeof AuditLogSchema>;

const KNOWN_TYPES = ['Account', 'User', 'AccountUser', 'CustomRole', 'Inbox', 'InboxMember', 'Team', 'Webhook', 'AgentBot'];
const ACTIONS: Record<string, MessageKey> = {
  create: 'AUDIT_LOGS.ACTION.CREATE',
  update: 'AUDIT_LOGS.ACTION.UPDATE',
  destroy: 'AUDIT_LOGS.ACTION.DESTROY',
  sign_in: 'AUDIT_LOGS.ACTION.SIGN_IN',
  sign_out: 'AUDIT_LOGS.ACTION.SIGN_OUT',
  password_reset: 'AUDIT_LOGS.ACTION.PASSWORD_RESET',
};

/** Who did it: the user's name, else their email, else the system (a job, the CLI). */
export const actorOf = (log: AuditLog) => log.user_name || log.username || t('AUDIT_LOGS.ACTOR.SYSTEM');

const typeLabel = (type: string) =>
  KNOWN_TYPES.includes(type) ? t(`AUDIT_LOGS.TYPE.${type.toUpperCase()}` as MessageKey) : type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A [before, after] pair's known value: after for a create or update, before for a delete. */
function changed(log: AuditLog, field: string): string | null {
  const pair = log.audited_changes[field];
  if (!Array.isArray(pair)) return typeof pair === 'string' ? pair : null;
  const [before, after] = pair as unknown[];
  const value = after ?? before;
  return typeof value === 'string' && value ? value : null;
}

/** The record's name: its current one, else the one the row recorded (deleted records), else its id. */
export function subjectOf(log: AuditLog): string {
  return log.auditable_name ?? changed(log, 'name') ?? changed(log, 'url') ?? (log.auditable_id === null ? '' : `#${log.auditable_id}`);
}

/** One readable sentence per row: "Maya updated inbox Website", "Maya signed in". */
export function describeAuditLog(log: AuditLog): string {
  const vars = { actor: actorOf(log), type: typeLabel(log.auditable_type), name: subjectOf(log), action: log.action };
  const fields = Object.keys(log.audited_changes);
  if (log.auditable_type === 'AccountUser' && log.action === 'create') return t('AUDIT_LOGS.ACTION.AGENT_ADDED', vars);
  if (log.auditable_type === 'AccountUser' && log.action === 'destroy') return t('AUDIT_LOGS.ACTION.AGENT_REMOVED', vars);
  if (log.auditable_type === 'Account' && log.action === 'update') return t('AUDIT_LOGS.ACTION.ACCOUNT_UPDATE', vars);
  if (log.auditable_type === 'Inbox' && log.associated_type === 'InboxMember') return t('AUDIT_LOGS.ACTION.INBOX_MEMBERS', vars);
  if (log.auditable_type === 'Inbox' && log.action === 'update' && fields.length === 1 && fields[0] === 'agent_bot_id') return t('AUDIT_LOGS.ACTION.INBOX_BOT', vars);
  if (log.auditable_type === 'AgentBot' && log.action === 'update' && fields.length === 1 && fields[0] === 'access_token') return t('AUDIT_LOGS.ACTION.TOKEN_RESET', vars);
  const key = ACTIONS[log.action] ?? 'AUDIT_LOGS.ACTION.OTHER';
  return t(key, vars).replace(/\s+$/, '');
}

/** The fields an update changed, for the line under it ("name, greeting_enabled"); none for other actions. */
export function changedFields(log: AuditLog): string[] {
  return log.action === 'update' ? Object.keys(log.audited_changes) : [];
}
