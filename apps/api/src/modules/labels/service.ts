import type { z } from 'zod';
import type { CreateLabelBodySchema, UpdateLabelBodySchema } from '@app/shared/labels';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { bumpCacheKey, publishCacheInvalidated } from '../accounts/service.ts';
import { deleteLabelRow, findLabelRow, insertLabel, listLabelRows, titleTaken, updateLabelRow } from './queries.ts';
import { serializeLabel } from './serializers.ts';

type CreateInput = z.infer<typeof CreateLabelBodySchema>;
type UpdateInput = z.infer<typeof UpdateLabelBodySchema>;

const TAKEN = 'has already been taken';

export async function listLabels(ctx: AccountCtx) {
  return { payload: (await listLabelRows(ctx.db, ctx.accountId)).map(serializeLabel) };
}

export async function getLabel(ctx: AccountCtx, id: number) {
  const row = await findLabelRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeLabel(row);
}

/** Creates a label and moves the account's label cache key, so clients refetch their label list. */
export async function createLabel(ctx: AccountCtx, input: CreateInput) {
  const { row, keys } = await ctx.db.transaction(async (tx) => {
    if (await titleTaken(tx, ctx.accountId, input.title)) throw invalid('title', TAKEN);
    const row = await insertLabel(tx, {
      accountId: ctx.accountId,
      title: input.title,
      description: input.description ?? null,
      color: input.color,
      showOnSidebar: input.show_on_sidebar,
    });
    return { row, keys: await bumpCacheKey(tx, ctx.accountId, 'label') };
  });
  publishCacheInvalidated(ctx, ctx.accountId, keys);
  return serializeLabel(row);
}

export async function updateLabel(ctx: AccountCtx, id: number, input: UpdateInput) {
  const { row, keys } = await ctx.db.transaction(async (tx) => {
    if (!(await findLabelRow(tx, ctx.accountId, id))) throw notFound();
    if (input.title !== undefined && (await titleTaken(tx, ctx.accountId, input.title, id))) throw invalid('title', TAKEN);
    const row = await updateLabelRow(tx, ctx.accountId, id, {
      title: input.title,
      description: input.description,
      color: input.color,
      showOnSidebar: input.show_on_sidebar,
    });
    if (!row) throw notFound();
    return { row, keys: await bumpCacheKey(tx, ctx.accountId, 'label') };
  });
  publishCacheInvalidated(ctx, ctx.accountId, keys);
  return serializeLabel(row);
}

export async function deleteLabel(ctx: AccountCtx, id: number) {
  const keys = await ctx.db.transaction(async (tx) => {
    if (!(await deleteLabelRow(tx, ctx.accountId, id))) throw notFound();
    return bumpCacheKey(tx, ctx.accountId, 'label');
  });
  publishCacheInvalidated(ctx, ctx.accountId, keys);
}
