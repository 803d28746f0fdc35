import { CUSTOM_ROLE_PERMISSIONS, type CustomRolePermission } from '@app/shared/constants';
import type { MessageKey } from '../../../lib/i18n/i18n.ts';

export type PermissionGroup = { key: string; label: MessageKey; permissions: readonly CustomRolePermission[] };

/** The permission editor's groups, in the order of the shared list (packages/shared constants). */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    key: 'conversations',
    label: 'CUSTOM_ROLE.GROUP.CONVERSATIONS',
    permissions: ['conversation_manage', 'conversation_unassigned_manage', 'conversation_participating_manage'],
  },
  { key: 'contacts', label: 'CUSTOM_ROLE.GROUP.CONTACTS', permissions: ['contact_manage'] },
  { key: 'reports', label: 'CUSTOM_ROLE.GROUP.REPORTS', permissions: ['report_manage'] },
  { key: 'knowledge_base', label: 'CUSTOM_ROLE.GROUP.KNOWLEDGE_BASE', permissions: ['knowledge_base_manage'] },
  // 001 sections 2 and 6: the checker view and the conversation summaries, each behind a permission of its own
  { key: 'payments', label: 'CUSTOM_ROLE.GROUP.PAYMENTS', permissions: ['checker_view_manage', 'conversation_summary_manage'] },
];

export const permissionLabel = (permission: CustomRolePermission) => `CUSTOM_ROLE.PERMISSION.${permission.toUpperCase()}` as MessageKey;
export const permissionHint = (permission: CustomRolePermission) => `CUSTOM_ROLE.PERMISSION.${permission.toUpperCase()}_HINT` as MessageKey;

/** The narrower conversation permissions that "manage all conversations" already grants. */
const COVERED_BY_ALL: readonly CustomRolePermission[] = ['conversation_unassigned_manage', 'conversation_participating_manage'];

/** Whether a permission is granted by another one chosen (shown ticked and locked, never sent on its own). */
export const isCovered = (selected: readonly CustomRolePermission[], permission: CustomRolePermission) =>
  COVERED_BY_ALL.includes(permission) && selected.includes('conversation_manage');

/** Ticks or unticks one permission; ticking "manage all conversations" drops the narrower ones it covers. */
export function togglePermission(selected: readonly CustomRolePermission[], permission: CustomRolePermission): CustomRolePermission[] {
  if (selected.includes(permission)) return selected.filter((p) => p !== permission);
  const next = [...selected, permission];
  return normalisePermissions(permission === 'conversation_manage' ? next.filter((p) => !COVERED_BY_ALL.includes(p)) : next);
}

/** Unique, in the order of the shared list, without permissions another chosen one covers. */
export function normalisePermissions(selected: readonly CustomRolePermission[]): CustomRolePermission[] {
  return CUSTOM_ROLE_PERMISSIONS.filter((p) => selected.includes(p) && !isCovered(selected, p));
}

export const NAME_MAX_LENGTH = 255;
export const DESCRIPTION_MAX_LENGTH = 1000;

export type CustomRoleDraft = { name: string; description: string; permissions: CustomRolePermission[] };
export type CustomRoleField = 'name' | 'description' | 'permissions';
export type CustomRoleErrors = Partial<Record<CustomRoleField, MessageKey>>;

/** The rules of the shared contract (custom-roles.ts): a name of 1–255 characters, a description of up to 1000, one permission or more. */
export function validateCustomRole(draft: CustomRoleDraft): CustomRoleErrors {
  const errors: CustomRoleErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'CUSTOM_ROLE.FORM.NAME.ERROR';
  else if (name.length > NAME_MAX_LENGTH) errors.name = 'CUSTOM_ROLE.FORM.NAME.TOO_LONG';
  if (draft.description.trim().length > DESCRIPTION_MAX_LENGTH) errors.description = 'CUSTOM_ROLE.FORM.DESCRIPTION.TOO_LONG';
  if (draft.permissions.length === 0) errors.permissions = 'CUSTOM_ROLE.FORM.PERMISSIONS.ERROR';
  return errors;
}
