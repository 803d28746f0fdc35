import type { z } from 'zod';
import {
  LIST_NEEDS_VALUES,
  type CreateCustomAttributeDefinitionBodySchema,
  type ListCustomAttributeDefinitionsQuerySchema,
  type UpdateCustomAttributeDefinitionBodySchema,
} from '@app/shared/custom-attributes';
import type { Executor } from '@app/db';
import type { AttributeModel } from '@app/shared/constants';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { deleteDefinitionRow, filterableDefinitionRows, findDefinitionRow, insertDefinition, keyTaken, listDefinitionRows, updateDefinitionRow } from './queries.ts';
import { serializeCustomAttributeDefinition } from './serializers.ts';

type ListInput = z.infer<typeof ListCustomAttributeDefinitionsQuerySchema>;
type CreateInput = z.infer<typeof CreateCustomAttributeDefinitionBodySchema>;
type UpdateInput = z.infer<typeof UpdateCustomAttributeDefinitionBodySchema>;

const TAKEN = 'has already been taken';

/** The account's definitions of one model, as the filter engine (lib/filters) resolves custom keys against them. */
export async function filterableDefinitions(db: Executor, accountId: number, model: AttributeModel) {
  return filterableDefinitionRows(db, accountId, model);
}

export async function listCustomAttributeDefinitions(ctx: AccountCtx, input: ListInput) {
  return (await listDefinitionRows(ctx.db, ctx.accountId, input.attribute_model)).map(serializeCustomAttributeDefinition);
}

export async function getCustomAttributeDefinition(ctx: AccountCtx, id: number) {
  const row = await findDefinitionRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeCustomAttributeDefinition(row);
}

export async function createCustomAttributeDefinition(ctx: AccountCtx, input: CreateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    if (await keyTaken(tx, ctx.accountId, input.attribute_model, input.attribute_key)) throw invalid('attribute_key', TAKEN);
    return insertDefinition(tx, {
      accountId: ctx.accountId,
      attributeDisplayName: input.attribute_display_name,
      attributeKey: input.attribute_key,
      attributeModel: input.attribute_model,
      attributeDisplayType: input.attribute_display_type,
      attributeDescription: input.attribute_description ?? null,
      attributeValues: input.attribute_values ?? [],
      regexPattern: input.regex_pattern ?? null,
      regexCue: input.regex_cue ?? null,
      defaultValue: input.default_value ?? null,
    });
  });
  return serializeCustomAttributeDefinition(row);
}

/**
 * Updates a definition. Values are stored under the key on conversations and contacts, so a different
 * attribute_key is a 422 (repeating the current key is fine); a list must keep at least one value.
 */
export async function updateCustomAttributeDefinition(ctx: AccountCtx, id: number, input: UpdateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findDefinitionRow(tx, ctx.accountId, id);
    if (!before) throw notFound();
    if (input.attribute_key !== undefined && input.attribute_key !== before.attributeKey) throw invalid('attribute_key', 'cannot be changed');
    const type = input.attribute_display_type ?? before.attributeDisplayType;
    const values = input.attribute_values ?? before.attributeValues;
    if (type === 'list' && values.length === 0) throw invalid('attribute_values', LIST_NEEDS_VALUES);
    const model = input.attribute_model ?? before.attributeModel;
    if (model !== before.attributeModel && (await keyTaken(tx, ctx.accountId, model, before.attributeKey, id))) throw invalid('attribute_key', TAKEN);
    const row = await updateDefinitionRow(tx, ctx.accountId, id, {
      attributeDisplayName: input.attribute_display_name,
      attributeModel: input.attribute_model,
      attributeDisplayType: input.attribute_display_type,
      attributeDescription: input.attribute_description,
      attributeValues: input.attribute_values,
      regexPattern: input.regex_pattern,
      regexCue: input.regex_cue,
      defaultValue: input.default_value,
    });
    if (!row) throw notFound();
    return row;
  });
  return serializeCustomAttributeDefinition(row);
}

export async function deleteCustomAttributeDefinition(ctx: AccountCtx, id: number) {
  if (!(await deleteDefinitionRow(ctx.db, ctx.accountId, id))) throw notFound();
}
