import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { AccountRole } from '@app/shared/constants';
import { permissionsFor, type AccessToken } from '@app/shared/permissions';
import { AppError, notFound } from './app-error.ts';

export type AccountMembership = {
  accountId: number;
  role: AccountRole;
  customRoleId: number | null;
  permissions: AccessToken[];
  features: typeof schema.accounts.$inferSelect.features;
};

/** What the membership check reads: the member's row joined to its account and custom role. */
export type MembershipRow = {
  status: typeof schema.accounts.$inferSelect.status;
  features: typeof schema.accounts.$inferSelect.features;
  role: AccountRole;
  customRoleId: number | null;
  customRolePermissions: typeof schema.customRoles.$inferSelect.permissions | null;
};

/** The columns of a MembershipRow, for queries that join account_users to accounts and custom_roles. */
export const membershipColumns = {
  status: schema.accounts.status,
  features: schema.accounts.features,
  role: schema.accountUsers.role,
  customRoleId: schema.accountUsers.customRoleId,
  customRolePermissions: schema.customRoles.permissions,
};

/**
 * A user's membership of an account, as every account-scoped call needs it: 404 when they are not a
 * member (a foreign account is not even confirmed to exist), account_suspended when the account is
 * suspended (a SuperAdmin still gets in), otherwise their role and the tokens it grants.
 */
export async function requireMembership(db: Executor, accountId: number, user: { id: number; type: string | null }): Promise<AccountMembership> {
  const [row] = await db
    .select(membershipColumns)
    .from(schema.accountUsers)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.accountUsers.accountId))
    .leftJoin(schema.customRoles, eq(schema.customRoles.id, schema.accountUsers.customRoleId))
    .where(and(eq(schema.accountUsers.accountId, accountId), eq(schema.accountUsers.userId, user.id)))
    .limit(1);
  return checkMembership(row ?? null, accountId, user);
}

/** requireMembership's verdict on a row already read (the auth lookup reads it with the caller's session). */
export function checkMembership(row: MembershipRow | null, accountId: number, user: { type: string | null }): AccountMembership {
  if (!row) throw notFound();
  if (row.status !== 'active' && user.type !== 'SuperAdmin') {
    throw new AppError('account_suspended', 'This account is suspended. Contact the administrator of this installation.', {
      extra: { error_code: 'account_suspended' },
    });
  }
  const permissions = permissionsFor({ role: row.role, customRolePermissions: row.customRolePermissions ?? null });
  return { accountId, role: row.role, customRoleId: row.customRoleId, permissions, features: row.features };
}
