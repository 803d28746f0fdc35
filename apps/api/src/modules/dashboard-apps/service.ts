import type { z } from 'zod';
import type { CreateDashboardAppBodySchema, UpdateDashboardAppBodySchema } from '@app/shared/dashboard-apps';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import { countDashboardApps, deleteDashboardAppRow, findDashboardAppRow, insertDashboardApp, listDashboardAppRows, updateDashboardAppRow } from './queries.ts';
import { serializeDashboardApp } from './serializers.ts';

type CreateInput = z.infer<typeof CreateDashboardAppBodySchema>;
type UpdateInput = z.infer<typeof UpdateDashboardAppBodySchema>;

/** Every member reads them: each app is a tab beside the conversation. */
export async function listDashboardApps(ctx: AccountCtx) {
  return (await listDashboardAppRows(ctx.db, ctx.accountId)).map(serializeDashboardApp);
}

export async function getDashboardApp(ctx: AccountCtx, id: number) {
  const row = await findDashboardAppRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeDashboardApp(row);
}

export async function createDashboardApp(ctx: AccountCtx, input: CreateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await insertDashboardApp(tx, { accountId: ctx.accountId, userId: ctx.actor.id || null, title: input.title, content: input.content });
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'DashboardApp', auditableId: row.id, changes: { title: [null, row.title], content: [null, row.content] }, meta: ctx.meta });
    return row;
  });
  return serializeDashboardApp(row);
}

export async function updateDashboardApp(ctx: AccountCtx, id: number, input: UpdateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findDashboardAppRow(tx, ctx.accountId, id);
    if (!before) throw notFound();
    const values = { title: input.title, content: input.content };
    const row = await updateDashboardAppRow(tx, ctx.accountId, id, values);
    if (!row) throw notFound();
    const changes = changesBetween(before as unknown as Record<string, unknown>, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'DashboardApp', auditableId: id, changes, meta: ctx.meta });
    }
    return row;
  });
  return serializeDashboardApp(row);
}

export async function deleteDashboardApp(ctx: AccountCtx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findDashboardAppRow(tx, ctx.accountId, id);
    if (!before || !(await deleteDashboardAppRow(tx, ctx.accountId, id))) throw notFound();
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'DashboardApp', auditableId: id, changes: { title: [before.title, null] }, meta: ctx.meta });
  });
}

/** Whether the account has any dashboard app (the integrations list marks the app enabled). */
export async function hasDashboardApps(ctx: AccountCtx): Promise<boolean> {
  return (await countDashboardApps(ctx.db, ctx.accountId)) > 0;
}
