import type { z } from 'zod';
import type { CreateCustomRoleBodySchema, UpdateCustomRoleBodySchema } from '@app/shared/custom-roles';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import type { Executor } from '@app/db';
import { announceAccessChanged } from '../accounts/service.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import {
  deleteCustomRoleRow,
  findCustomRoleRow,
  insertCustomRole,
  listCustomRoleRows,
  nameTaken,
  updateCustomRoleRow,
} from './queries.ts';
import { serializeCustomRole } from './serializers.ts';

type CreateInput = z.infer<typeof CreateCustomRoleBodySchema>;
type UpdateInput = z.infer<typeof UpdateCustomRoleBodySchema>;

/** Whether the role id belongs to the account: agents may only be given the account's own roles. */
export async function customRoleExists(db: Executor, accountId: number, id: number): Promise<boolean> {
  return (await findCustomRoleRow(db, accountId, id)) !== null;
}

export async function listCustomRoles(ctx: AccountCtx) {
  return (await listCustomRoleRows(ctx.db, ctx.accountId)).map(serializeCustomRole);
}

export async function getCustomRole(ctx: AccountCtx, id: number) {
  const row = await findCustomRoleRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeCustomRole(row);
}

export async function createCustomRole(ctx: AccountCtx, input: CreateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, ctx.accountId, input.name)) throw invalid('name', 'has already been taken');
    const row = await insertCustomRole(tx, { accountId: ctx.accountId, name: input.name, description: input.description ?? null, permissions: input.permissions });
    await recordAudit(tx, {
      accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'CustomRole', auditableId: row.id,
      changes: { name: [null, row.name], permissions: [null, row.permissions] }, meta: ctx.meta,
    });
    return row;
  });
  return serializeCustomRole(row);
}

export async function updateCustomRole(ctx: AccountCtx, id: number, input: UpdateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findCustomRoleRow(tx, ctx.accountId, id);
    if (!before) throw notFound();
    if (input.name !== undefined && (await nameTaken(tx, ctx.accountId, input.name, id))) throw invalid('name', 'has already been taken');
    const values = { name: input.name, description: input.description, permissions: input.permissions };
    const row = await updateCustomRoleRow(tx, ctx.accountId, id, values);
    if (!row) throw notFound();
    const changes = changesBetween(before as unknown as Record<string, unknown>, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'CustomRole', auditableId: id, changes, meta: ctx.meta });
    }
    return row;
  });
  // the members who hold it see more or less from now on, over /cable too
  if (input.permissions !== undefined) await announceAccessChanged(ctx);
  return serializeCustomRole(row);
}

/** Deletes the role; members who held it become plain agents (the foreign key sets their role to null). */
export async function deleteCustomRole(ctx: AccountCtx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCustomRoleRow(tx, ctx.accountId, id);
    if (!before) throw notFound();
    await deleteCustomRoleRow(tx, ctx.accountId, id);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'CustomRole', auditableId: id, changes: { name: [before.name, null] }, meta: ctx.meta });
  });
  await announceAccessChanged(ctx);
}
