import type { SQL } from 'drizzle-orm';
import { attributeRegistry } from './attributes.ts';
import { compileTree } from './compile.ts';
import { parseFilter } from './parse.ts';
import type { CompiledFilter, CustomAttributeDef, FilterModel, FilterOptions, FilterRowInput } from './types.ts';

export type {
  AttributeType,
  CompiledFilter,
  CustomAttributeDef,
  FilterModel,
  FilterOperator,
  FilterOptions,
  FilterRowInput,
  FilterTree,
} from './types.ts';
export { TYPE_OPERATORS, standardKeys } from './attributes.ts';

/**
 * Checks filter rows against the model's attributes (standard ones and the account's custom attribute definitions
 * of that model) and compiles them to a WHERE condition plus the attributes it reads. Throws a 422 AppError naming
 * each bad field (`payload.<i>.attribute_key`, `.filter_operator`, `.values`, `.query_operator`).
 */
export function buildFilter(
  model: FilterModel,
  rows: readonly FilterRowInput[],
  customDefs: readonly CustomAttributeDef[],
  options: FilterOptions = {},
): CompiledFilter {
  return compileTree(parseFilter(rows, attributeRegistry(model, customDefs), options));
}

/** The WHERE condition (over schema.conversations) of `POST conversations/filter`; AND it with the account scope. */
export function compileConversationFilter(
  rows: readonly FilterRowInput[],
  customDefs: readonly CustomAttributeDef[],
  options?: FilterOptions,
): SQL {
  return buildFilter('conversation', rows, customDefs, options).where;
}

/** The WHERE condition (over schema.contacts) of `POST contacts/filter`; AND it with the account scope. */
export function compileContactFilter(rows: readonly FilterRowInput[], customDefs: readonly CustomAttributeDef[], options?: FilterOptions): SQL {
  return buildFilter('contact', rows, customDefs, options).where;
}
