import type { Agent } from '@app/shared/agents';
import { BULK_CREATE_MAX } from '@app/shared/agents';
import { emailText } from '@app/shared/common';
import type { AccountRole } from '@app/shared/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

export const NAME_MAX_LENGTH = 255;

export type AgentField = 'name' | 'email' | 'role' | 'emails' | 'availability';
export type FieldErrors = Partial<Record<AgentField, string>>;

/**
 * The role choice as one select value: the three account roles, or `custom_role:{id}` (Chatwoot: an agent
 * judged by a custom role is role agent with that custom_role_id).
 */
export type RoleChoice = AccountRole | `custom_role:${number}`;

export function roleChoiceOf(agent: Pick<Agent, 'role' | 'custom_role_id'>): RoleChoice {
  return agent.role === 'agent' && agent.custom_role_id ? `custom_role:${agent.custom_role_id}` : agent.role;
}

/** What the API takes for a role choice: administrators, checkers and plain agents carry no custom role. */
export function roleBodyOf(choice: RoleChoice): { role: AccountRole; custom_role_id: number | null } {
  if (choice.startsWith('custom_role:')) return { role: 'agent', custom_role_id: Number(choice.slice('custom_role:'.length)) };
  return { role: choice as AccountRole, custom_role_id: null };
}

/** The name shown for a member's role: their custom role's name when they have one. */
export function roleNameOf(agent: Pick<Agent, 'role' | 'custom_role_id'>, customRoles: readonly { id: number; name: string }[]): string {
  const custom = agent.role === 'agent' && agent.custom_role_id ? customRoles.find((role) => role.id === agent.custom_role_id) : undefined;
  return custom?.name ?? t(`ROLES.${agent.role}`);
}

export function validateName(name: string): FieldErrors {
  if (!name.trim()) return { name: t('AGENT_MGMT.FORM.NAME.ERROR') };
  if (name.trim().length > NAME_MAX_LENGTH) return { name: t('AGENT_MGMT.FORM.NAME.TOO_LONG', { max: NAME_MAX_LENGTH }) };
  return {};
}

export function validateEmail(email: string): FieldErrors {
  if (!email.trim()) return { email: t('AGENT_MGMT.FORM.EMAIL.REQUIRED') };
  return emailText.safeParse(email).success ? {} : { email: t('AGENT_MGMT.FORM.EMAIL.ERROR') };
}

/** Inviting one person: a name, a valid email address and a role. */
export function validateInvite(input: { name: string; email: string }): FieldErrors {
  return { ...validateName(input.name), ...validateEmail(input.email) };
}

/** The addresses of a pasted list: separated by commas, semicolons, spaces or lines; lower-cased, each once. */
export function parseEmailList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

/** Inviting several people at once: at least one address, at most BULK_CREATE_MAX, every one valid. */
export function validateEmailList(text: string): { emails: string[]; errors: FieldErrors } {
  const emails = parseEmailList(text);
  if (emails.length === 0) return { emails, errors: { emails: t('AGENT_MGMT.BULK.EMAILS.REQUIRED') } };
  const invalid = emails.filter((email) => !emailText.safeParse(email).success);
  if (invalid.length > 0) return { emails, errors: { emails: t('AGENT_MGMT.BULK.EMAILS.INVALID', { emails: invalid.join(', ') }) } };
  if (emails.length > BULK_CREATE_MAX) return { emails, errors: { emails: t('AGENT_MGMT.BULK.EMAILS.TOO_MANY', { max: BULK_CREATE_MAX }) } };
  return { emails, errors: {} };
}

/** Members with the administrator role. */
export const administratorsOf = (agents: readonly Agent[]) => agents.filter((agent) => agent.role === 'administrator');

/**
 * Why this member must stay an administrator, as the server rules it: the only administrator ('only'), or
 * the only verified one while the others are invitees who have not accepted ('only_verified'); null if free.
 */
export function administratorLock(agent: Agent, agents: readonly Agent[]): 'only' | 'only_verified' | null {
  if (agent.role !== 'administrator') return null;
  const admins = administratorsOf(agents);
  if (admins.length <= 1) return 'only';
  if (agent.confirmed && admins.filter((admin) => admin.confirmed).length <= 1) return 'only_verified';
  return null;
}

const FIELD_LABELS: Partial<Record<AgentField, MessageKey>> = {
  name: 'AGENT_MGMT.FORM.NAME.LABEL',
  email: 'AGENT_MGMT.FORM.EMAIL.LABEL',
  role: 'AGENT_MGMT.FORM.ROLE.LABEL',
  emails: 'AGENT_MGMT.BULK.EMAILS.LABEL',
  availability: 'AGENT_MGMT.FORM.AVAILABILITY.LABEL',
};

/** `agent.email`, `emails.3`, `custom_role_id`, `availability_status`: the form field a server message belongs to. */
function fieldOf(key: string): AgentField | null {
  const parts = key.split('.').filter((part) => part !== 'agent' && !/^\d+$/.test(part));
  const name = parts[0] ?? '';
  if (name === 'custom_role_id') return 'role';
  if (name === 'availability_status') return 'availability';
  return (Object.keys(FIELD_LABELS) as AgentField[]).includes(name as AgentField) ? (name as AgentField) : null;
}

/**
 * A failed save read for a form: a 422's messages under the form's fields ("Email has already been taken"),
 * and one message for the rest (another field, a 403, a 500, no answer).
 */
export function readServerError(error: unknown, fields: readonly AgentField[]): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: t('AGENT_MGMT.API_ERROR') };
  if (error.status !== 422) return { fields: {}, message: error.status === 0 ? t('AGENT_MGMT.API_ERROR') : error.message || t('AGENT_MGMT.API_ERROR') };
  const placed: FieldErrors = {};
  let unplaced = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(key);
    const text = messages[0];
    if (!text) continue;
    if (field && fields.includes(field) && !placed[field]) placed[field] = `${t(FIELD_LABELS[field]!)} ${text}`;
    else if (!field || !fields.includes(field)) unplaced = true;
  }
  const message = unplaced || Object.keys(placed).length === 0 ? error.message || t('AGENT_MGMT.API_ERROR') : null;
  return { fields: placed, message };
}
