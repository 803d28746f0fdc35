import type { z } from 'zod';
import type { CreateCannedResponseBodySchema, ListCannedResponsesQuerySchema, UpdateCannedResponseBodySchema } from '@app/shared/canned-responses';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import {
  deleteCannedResponseRow,
  findCannedResponseRow,
  insertCannedResponse,
  listCannedResponseRows,
  shortCodeTaken,
  updateCannedResponseRow,
} from './queries.ts';
import { serializeCannedResponse } from './serializers.ts';

type ListInput = z.infer<typeof ListCannedResponsesQuerySchema>;
type CreateInput = z.infer<typeof CreateCannedResponseBodySchema>;
type UpdateInput = z.infer<typeof UpdateCannedResponseBodySchema>;

const TAKEN = 'has already been taken';

/** Lists the account's canned responses; `search` matches short code or content, short-code prefixes first. */
export async function listCannedResponses(ctx: AccountCtx, input: ListInput) {
  return (await listCannedResponseRows(ctx.db, ctx.accountId, input.search || undefined)).map(serializeCannedResponse);
}

export async function getCannedResponse(ctx: AccountCtx, id: number) {
  const row = await findCannedResponseRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeCannedResponse(row);
}

export async function createCannedResponse(ctx: AccountCtx, input: CreateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    if (await shortCodeTaken(tx, ctx.accountId, input.short_code)) throw invalid('short_code', TAKEN);
    return insertCannedResponse(tx, { accountId: ctx.accountId, shortCode: input.short_code, content: input.content });
  });
  return serializeCannedResponse(row);
}

export async function updateCannedResponse(ctx: AccountCtx, id: number, input: UpdateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await findCannedResponseRow(tx, ctx.accountId, id))) throw notFound();
    if (input.short_code !== undefined && (await shortCodeTaken(tx, ctx.accountId, input.short_code, id))) throw invalid('short_code', TAKEN);
    const row = await updateCannedResponseRow(tx, ctx.accountId, id, { shortCode: input.short_code, content: input.content });
    if (!row) throw notFound();
    return row;
  });
  return serializeCannedResponse(row);
}

export async function deleteCannedResponse(ctx: AccountCtx, id: number) {
  if (!(await deleteCannedResponseRow(ctx.db, ctx.accountId, id))) throw notFound();
}
