import { FILTER_OPERATORS, MAX_FILTER_ROWS } from '@app/shared/custom-filters';
import type { AttributeRegistry } from './attributes.ts';
import { FilterIssues } from './issues.ts';
import { parseValues } from './values.ts';
import type { FilterCondition, FilterOperator, FilterOptions, FilterTree } from './types.ts';

const isOperator = (value: unknown): value is FilterOperator =>
  typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);

/** `and` / `or` in any case; anything else (missing, null, `xor`) joins nothing. */
function joinOf(value: unknown): 'and' | 'or' | undefined {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return word === 'and' || word === 'or' ? word : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Rows → an OR of AND-groups. Each row's query_operator joins it to the next row, left to right, and AND binds
 * tighter than OR, so `a AND b OR c AND d` is `(a AND b) OR (c AND d)`; the last row's query_operator is ignored
 * (Chatwoot sends null or "and" there). Every row is checked before anything is thrown, so one 422 lists all problems.
 */
export function parseFilter(rows: unknown, registry: AttributeRegistry, options: FilterOptions = {}): FilterTree {
  const base = options.basePath ?? 'payload';
  const now = options.now ?? new Date();
  const issues = new FilterIssues();
  if (!Array.isArray(rows)) {
    issues.add(base, 'must be a list of filter rows');
  } else if (rows.length === 0) {
    issues.add(base, 'must hold at least one filter row');
  } else if (rows.length > MAX_FILTER_ROWS) {
    issues.add(base, `must hold at most ${MAX_FILTER_ROWS} filter rows`);
  }
  issues.throwIfAny();
  const list = rows as unknown[];

  const conditions: FilterCondition[] = [];
  const joins: ('and' | 'or')[] = [];
  list.forEach((row, index) => {
    const path = `${base}.${index}`;
    if (!isRecord(row)) {
      issues.add(path, 'must be a filter row');
      return;
    }
    const last = index === list.length - 1;
    const join = joinOf(row.query_operator);
    if (!last && !join) issues.add(`${path}.query_operator`, 'must join this row to the next (and | or)');
    if (join) joins[index] = join;

    const operator = row.filter_operator;
    if (!isOperator(operator)) issues.add(`${path}.filter_operator`, 'is not a filter operator');

    const key = row.attribute_key;
    const customType = typeof row.custom_attribute_type === 'string' ? row.custom_attribute_type : undefined;
    const resolved = typeof key === 'string' && key.length > 0 ? registry.resolve(key, customType) : { field: 'attribute_key', message: 'is not a filter attribute' };
    if ('field' in resolved) {
      issues.add(`${path}.${resolved.field}`, resolved.message);
      return;
    }
    if (!isOperator(operator)) return;
    if (!resolved.operators.includes(operator)) {
      issues.add(`${path}.filter_operator`, `is not allowed for ${resolved.key} (${resolved.operators.join(', ')})`);
      return;
    }
    const values = parseValues(resolved, operator, row.values, now);
    if (!values.ok) {
      issues.add(`${path}.values`, values.message);
      return;
    }
    conditions.push({ index, attribute: resolved, operator, values: values.value });
  });
  issues.throwIfAny();

  const groups: FilterCondition[][] = [[]];
  conditions.forEach((condition, i) => {
    groups.at(-1)!.push(condition);
    if (i < conditions.length - 1 && joins[condition.index] === 'or') groups.push([]);
  });
  return { groups };
}
