import type { CustomRole } from '@app/shared/custom-roles';
import type { CustomRoleRow } from './queries.ts';

export function serializeCustomRole(row: CustomRoleRow): CustomRole {
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
