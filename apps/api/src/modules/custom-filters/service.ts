import { z } from 'zod';
import type { CustomFilterType } from '@app/shared/constants';
import { checkFilterQuery, type CreateCustomFilterBodySchema, type UpdateCustomFilterBodySchema, type FilterQuery } from '@app/shared/custom-filters';
import { AppError, humanize, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { buildFilter } from '../../lib/filters/index.ts';
import { filterableDefinitions } from '../custom-attributes/service.ts';
import { deleteCustomFilterRow, findCustomFilterRow, insertCustomFilter, listCustomFilterRows, updateCustomFilterRow, type CustomFilterRow } from './queries.ts';

type CreateInput = z.infer<typeof CreateCustomFilterBodySchema>;
type UpdateInput = z.infer<typeof UpdateCustomFilterBodySchema>;

const owner = (ctx: AccountCtx) => ({ accountId: ctx.accountId, userId: ctx.actor.id });

function serialize(row: CustomFilterRow) {
  return {
    id: row.id,
    name: row.name,
    filter_type: row.filterType,
    query: row.query,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Checks a query against a filter type outside a request schema (PATCH of the type or query alone). */
function assertQueryFits(query: FilterQuery, filterType: CustomFilterType) {
  const result = z
    .custom<FilterQuery>()
    .superRefine((q, ctx) => checkFilterQuery(q, filterType, ctx, ['query']))
    .safeParse(query);
  if (result.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  const message = Object.entries(fields).map(([f, m]) => `${humanize(f)} ${m[0]}`).join(', ');
  throw new AppError('validation_failed', message, { fields });
}

/** The caller's own saved filters of one type: folders (conversation), segments (contact) or report views. */
export async function listCustomFilters(ctx: AccountCtx, filterType: CustomFilterType) {
  return (await listCustomFilterRows(ctx.db, owner(ctx), filterType)).map(serialize);
}

/**
 * A saved query must run: beyond the grammar, it goes through the same engine conversations/filter and
 * contacts/filter use (operators per attribute type, typed values, the account's custom attributes).
 */
async function assertRunnable(ctx: AccountCtx, query: FilterQuery, filterType: CustomFilterType) {
  const model = filterType === 'contact' ? 'contact' : 'conversation';
  const definitions = await filterableDefinitions(ctx.db, ctx.accountId, `${model}_attribute`);
  buildFilter(model, query.payload, definitions, { basePath: 'query.payload' });
}

export async function createCustomFilter(ctx: AccountCtx, input: CreateInput) {
  await assertRunnable(ctx, input.query, input.filter_type);
  const row = await insertCustomFilter(ctx.db, { ...owner(ctx), name: input.name, filterType: input.filter_type, query: input.query });
  return serialize(row);
}

export async function updateCustomFilter(ctx: AccountCtx, id: number, input: UpdateInput) {
  const before = await findCustomFilterRow(ctx.db, owner(ctx), id);
  if (!before) throw notFound();
  const filterType = input.filter_type ?? before.filterType;
  if (input.query || input.filter_type) {
    const query = (input.query ?? before.query) as FilterQuery;
    assertQueryFits(query, filterType);
    await assertRunnable(ctx, query, filterType);
  }
  const row = await updateCustomFilterRow(ctx.db, owner(ctx), id, { name: input.name, filterType: input.filter_type, query: input.query });
  if (!row) throw notFound();
  return serialize(row);
}

export async function deleteCustomFilter(ctx: AccountCtx, id: number) {
  if (!(await deleteCustomFilterRow(ctx.db, owner(ctx), id))) throw notFound();
}
