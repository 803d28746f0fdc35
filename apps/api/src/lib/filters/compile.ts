import { sql, type SQL } from 'drizzle-orm';
import { schema } from '@app/db';
import type { CompiledFilter, DateValue, FilterAttribute, FilterCondition, FilterOperator, FilterTree } from './types.ts';

// Every value below reaches Postgres as a bound parameter; the SQL text is built from this file's constants and the
// registry's expressions only.

const joined = (parts: SQL[], word: 'and' | 'or'): SQL =>
  parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql.raw(` ${word} `))})`;
const anyOf = (parts: SQL[]) => joined(parts, 'or');
const allOf = (parts: SQL[]) => joined(parts, 'and');
const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/** The negation that counts a missing value as "not equal" / "does not contain": NULL never hides a row. */
const notOrNull = (expr: SQL, matches: SQL) => sql`(${expr} is null or not (${matches}))`;

const { escapeLike } = schema;

function textCondition(expr: SQL, operator: FilterOperator, values: string[]): SQL {
  const equals = () => sql`lower(${expr}) in (${list(values.map((v) => sql`lower(${v}::text)`))})`;
  const like = (pattern: (v: string) => string) => anyOf(values.map((v) => sql`${expr} ilike ${pattern(escapeLike(v))}`));
  const contains = () => like((v) => `%${v}%`);
  switch (operator) {
    case 'equal_to':
      return equals();
    case 'not_equal_to':
      return notOrNull(expr, equals());
    case 'contains':
      return contains();
    case 'does_not_contain':
      return notOrNull(expr, contains());
    case 'starts_with':
      return like((v) => `${v}%`);
    default:
      throw unsupported(operator);
  }
}

function enumCondition(attribute: FilterAttribute, operator: FilterOperator, values: string[]): SQL {
  const { expr, allValue, noneValue } = attribute;
  if (allValue !== undefined && values.includes(allValue)) return operator === 'equal_to' ? sql`true` : sql`false`;
  const wantsNone = noneValue !== undefined && values.includes(noneValue);
  const stored = values.filter((v) => v !== noneValue);
  const parts = stored.length ? [sql`${expr} in (${list(stored.map((v) => sql`${v}`))})`] : [];
  if (wantsNone) parts.push(sql`${expr} is null`);
  const matches = anyOf(parts);
  if (operator === 'equal_to') return matches;
  return wantsNone ? sql`not (${matches})` : notOrNull(expr, matches);
}

function idCondition(expr: SQL, operator: FilterOperator, values: number[]): SQL {
  const matches = sql`${expr} in (${list(values.map((v) => sql`${v}`))})`;
  return operator === 'equal_to' ? matches : notOrNull(expr, matches);
}

function numberCondition(expr: SQL, operator: FilterOperator, values: string[]): SQL {
  const numeric = (v: string) => sql`${v}::numeric`;
  switch (operator) {
    case 'equal_to':
      return sql`${expr} in (${list(values.map(numeric))})`;
    case 'not_equal_to':
      return notOrNull(expr, sql`${expr} in (${list(values.map(numeric))})`);
    case 'is_greater_than':
      return sql`${expr} > ${numeric(values[0]!)}`;
    case 'is_less_than':
      return sql`${expr} < ${numeric(values[0]!)}`;
    default:
      throw unsupported(operator);
  }
}

function booleanCondition(expr: SQL, operator: FilterOperator, values: boolean[]): SQL {
  const matches = anyOf([...new Set(values)].map((v) => (v ? sql`${expr} is true` : sql`${expr} is false`)));
  return operator === 'equal_to' ? matches : sql`not (${matches})`;
}

function labelsCondition(expr: SQL, operator: FilterOperator, values: string[]): SQL {
  // `&&` (overlap) is what the GIN index on labels serves.
  const overlaps = sql`${expr} && array[${list(values.map((v) => sql`${v}::text`))}]::text[]`;
  return operator === 'equal_to' ? overlaps : sql`not (${overlaps})`;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
const startOf = (day: string) => sql`${`${day}T00:00:00.000Z`}::timestamptz`;

/**
 * Timestamp columns: a `YYYY-MM-DD` value is a whole UTC day (equal_to = within it, is_greater_than = after it,
 * is_less_than = before it), a value with a time compares at the instant. Written as ranges on the bare column, not
 * `col::date`, so the column's indexes still apply. Custom dates compare their written calendar day as text.
 */
function dateCondition(attribute: FilterAttribute, operator: FilterOperator, values: DateValue[]): SQL {
  const { expr } = attribute;
  if (attribute.dateStorage === 'day') {
    const day = (v: DateValue) => sql`${v.kind === 'day' ? v.day : v.iso.slice(0, 10)}::text`;
    const equals = () => sql`${expr} in (${list(values.map(day))})`;
    if (operator === 'equal_to') return equals();
    if (operator === 'not_equal_to') return notOrNull(expr, equals());
    if (operator === 'is_greater_than') return sql`${expr} > ${day(values[0]!)}`;
    if (operator === 'is_less_than' || operator === 'days_before') return sql`${expr} < ${day(values[0]!)}`;
    throw unsupported(operator);
  }
  const at = (iso: string) => sql`${iso}::timestamptz`;
  const equals = () =>
    anyOf(values.map((v) => (v.kind === 'day' ? sql`(${expr} >= ${startOf(v.day)} and ${expr} < ${startOf(nextDay(v.day))})` : sql`${expr} = ${at(v.iso)}`)));
  const value = values[0]!;
  switch (operator) {
    case 'equal_to':
      return equals();
    case 'not_equal_to':
      return notOrNull(expr, equals());
    case 'is_greater_than':
      return value.kind === 'day' ? sql`${expr} >= ${startOf(nextDay(value.day))}` : sql`${expr} > ${at(value.iso)}`;
    case 'is_less_than':
    case 'days_before':
      return value.kind === 'day' ? sql`${expr} < ${startOf(value.day)}` : sql`${expr} < ${at(value.iso)}`;
    default:
      throw unsupported(operator);
  }
}

function presenceCondition(attribute: FilterAttribute, operator: 'is_present' | 'is_not_present'): SQL {
  const p = attribute.presence;
  if (attribute.type === 'labels') return operator === 'is_present' ? sql`cardinality(${p}) > 0` : sql`cardinality(${p}) = 0`;
  if (attribute.blankIsAbsent) return operator === 'is_present' ? sql`(${p} is not null and ${p} <> '')` : sql`(${p} is null or ${p} = '')`;
  return operator === 'is_present' ? sql`${p} is not null` : sql`${p} is null`;
}

// The parser only lets through operators the attribute's type allows; reaching this is a bug, not bad input.
const unsupported = (operator: string) => new Error(`filter operator ${operator} has no SQL for this attribute type`);

export function compileCondition({ attribute, operator, values }: FilterCondition): SQL {
  if (operator === 'is_present' || operator === 'is_not_present') return presenceCondition(attribute, operator);
  switch (values.type) {
    case 'text':
      return textCondition(attribute.expr, operator, values.values);
    case 'enum':
      return enumCondition(attribute, operator, values.values);
    case 'labels':
      return labelsCondition(attribute.expr, operator, values.values);
    case 'id':
      return idCondition(attribute.expr, operator, values.values);
    case 'number':
      return numberCondition(attribute.expr, operator, values.values);
    case 'boolean':
      return booleanCondition(attribute.expr, operator, values.values);
    case 'date':
      return dateCondition(attribute, operator, values.values);
    case 'none':
      throw unsupported(operator);
  }
}

export function compileTree(tree: FilterTree): CompiledFilter {
  const where = anyOf(tree.groups.map((group) => allOf(group.map(compileCondition))));
  const seen = new Map<string, CompiledFilter['attributes'][number]>();
  for (const { attribute } of tree.groups.flat()) {
    const id = `${attribute.custom ? 'custom' : 'standard'}:${attribute.key}`;
    if (!seen.has(id)) seen.set(id, { key: attribute.key, type: attribute.type, custom: attribute.custom });
  }
  return { where, attributes: [...seen.values()] };
}
