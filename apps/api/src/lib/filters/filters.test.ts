import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_FILTER_KEYS, CONVERSATION_FILTER_KEYS, MAX_FILTER_ROWS } from '@app/shared/custom-filters';
import { schema } from '@app/db';
import { AppError } from '../app-error.ts';
import { attributeRegistry } from './attributes.ts';
import { buildFilter, compileContactFilter, compileConversationFilter, standardKeys, TYPE_OPERATORS } from './index.ts';
import { parseFilter } from './parse.ts';
import type { CustomAttributeDef, FilterRowInput } from './types.ts';

const dialect = new PgDialect({ casing: 'snake_case' });
const NOW = new Date('2024-05-20T15:30:00Z');
const defs: CustomAttributeDef[] = [
  { attributeKey: 'plan', attributeDisplayType: 'text', attributeValues: [] },
  { attributeKey: 'seats', attributeDisplayType: 'number', attributeValues: [] },
  { attributeKey: 'renewal', attributeDisplayType: 'date', attributeValues: [] },
  { attributeKey: 'trial', attributeDisplayType: 'checkbox', attributeValues: [] },
  { attributeKey: 'tier', attributeDisplayType: 'list', attributeValues: ['Enterprise', 'Startup'] },
  // A definition whose key shadows a standard one: only rows marked as custom reach it.
  { attributeKey: 'status', attributeDisplayType: 'text', attributeValues: [] },
];

const row = (attribute_key: string, filter_operator: string, values: unknown[] = [], query_operator: string | null = 'and', extra = {}) =>
  ({ attribute_key, filter_operator, values, query_operator, ...extra }) as FilterRowInput;

const tree = (rows: FilterRowInput[], model: 'conversation' | 'contact' = 'conversation') =>
  parseFilter(rows, attributeRegistry(model, defs), { now: NOW });
const shape = (rows: FilterRowInput[]) => tree(rows).groups.map((group) => group.map((c) => c.attribute.key));
const query = (rows: FilterRowInput[]) => dialect.sqlToQuery(compileConversationFilter(rows, defs, { now: NOW }));
const valuesOf = (r: FilterRowInput, model: 'conversation' | 'contact' = 'conversation') => tree([r], model).groups[0]![0]!.values;

/** The 422's field errors, or a failure when the rows were accepted. */
function fieldsOf(rows: unknown, model: 'conversation' | 'contact' = 'conversation'): Record<string, string[]> {
  try {
    buildFilter(model, rows as FilterRowInput[], model === 'conversation' ? defs : [], { now: NOW });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('validation_failed');
    expect(appError.status).toBe(422);
    return appError.fields ?? {};
  }
  throw new Error('expected the filter to be refused');
}

describe('filter precedence', () => {
  it('S1-7.69 joins rows left to right with AND binding tighter than OR', () => {
    expect(shape([row('status', 'equal_to', ['open'], 'and'), row('priority', 'equal_to', ['high'], 'or'), row('labels', 'is_present', [], null)])).toEqual([
      ['status', 'priority'],
      ['labels'],
    ]);
    expect(shape([row('status', 'equal_to', ['open'], 'or'), row('priority', 'equal_to', ['high'], 'and'), row('labels', 'is_present', [], null)])).toEqual([
      ['status'],
      ['priority', 'labels'],
    ]);
    expect(
      shape([
        row('status', 'equal_to', ['open'], 'and'),
        row('inbox_id', 'equal_to', [1], 'or'),
        row('team_id', 'equal_to', [2], 'and'),
        row('labels', 'is_present', [], 'OR'),
        row('display_id', 'equal_to', [3], 'and'),
      ]),
    ).toEqual([['status', 'inbox_id'], ['team_id', 'labels'], ['display_id']]);
  });

  it('ignores the last row’s query operator and parenthesises each AND-group in the SQL', () => {
    expect(shape([row('status', 'equal_to', ['open'], 'or')])).toEqual([['status']]);
    const { sql } = query([row('status', 'equal_to', ['open'], 'and'), row('team_id', 'equal_to', [2], 'or'), row('inbox_id', 'equal_to', [1], null)]);
    expect(sql).toBe('(("conversations"."status" in ($1) and "conversations"."team_id" in ($2)) or "conversations"."inbox_id" in ($3))');
  });
});

describe('filter errors', () => {
  it.each<[string, unknown, string, string?]>([
    ['no rows', [], 'payload'],
    ['too many rows', Array.from({ length: MAX_FILTER_ROWS + 1 }, () => row('status', 'equal_to', ['open'], 'or')), 'payload'],
    ['a payload that is not a list', { attribute_key: 'status' }, 'payload'],
    ['a row that is not an object', ['status'], 'payload.0'],
    ['a missing query operator between rows', [row('status', 'equal_to', ['open'], null), row('team_id', 'equal_to', [1], null)], 'payload.0.query_operator'],
    ['a query operator that is not and/or', [row('status', 'equal_to', ['open'], 'xor'), row('team_id', 'equal_to', [1], null)], 'payload.0.query_operator'],
    ['an unknown attribute', [row('subject', 'equal_to', ['x'])], 'payload.0.attribute_key'],
    ['an attribute of the other model', [row('email', 'equal_to', ['x@y.z'])], 'payload.0.attribute_key'],
    ['a custom attribute nobody defined', [row('plan_tier', 'equal_to', ['gold'], null, { custom_attribute_type: 'conversation_attribute' })], 'payload.0.attribute_key'],
    ['a custom attribute type of the other model', [row('plan', 'equal_to', ['gold'], null, { custom_attribute_type: 'contact_attribute' })], 'payload.0.custom_attribute_type'],
    ['an operator that does not exist', [row('status', 'resembles', ['open'])], 'payload.0.filter_operator'],
    ['contains on an enum', [row('status', 'contains', ['open'])], 'payload.0.filter_operator', 'is not allowed for status'],
    ['starts_with on an id', [row('inbox_id', 'starts_with', ['1'])], 'payload.0.filter_operator'],
    ['is_greater_than on text', [row('referer', 'is_greater_than', ['a'])], 'payload.0.filter_operator'],
    ['days_before on labels', [row('labels', 'days_before', [3])], 'payload.0.filter_operator'],
    ['contains on a number custom attribute', [row('seats', 'contains', ['1'])], 'payload.0.filter_operator'],
    ['empty values', [row('status', 'equal_to', [])], 'payload.0.values', 'must not be empty for this operator'],
    ['values that are not a list', [{ attribute_key: 'status', filter_operator: 'equal_to', values: 'open' }], 'payload.0.values'],
    ['two bounds for is_greater_than', [row('created_at', 'is_greater_than', ['2024-01-01', '2024-02-01'])], 'payload.0.values'],
    ['an unknown status', [row('status', 'equal_to', ['closed'])], 'payload.0.values', 'must be one of: open, resolved, pending, snoozed, all'],
    ['an unknown priority', [row('priority', 'equal_to', ['critical'])], 'payload.0.values'],
    ['an id that is not an integer', [row('assignee_id', 'equal_to', ['1.5'])], 'payload.0.values', 'must be an integer id'],
    ['an id out of range', [row('team_id', 'equal_to', [2 ** 31])], 'payload.0.values'],
    ['a nil assignee (use is_not_present)', [row('assignee_id', 'equal_to', ['nil'])], 'payload.0.values'],
    ['a number that is not one', [row('seats', 'equal_to', ['12abc'])], 'payload.0.values', 'must be a number'],
    ['a number with an exponent', [row('seats', 'is_greater_than', [1e21])], 'payload.0.values'],
    ['an infinite number', [row('seats', 'is_less_than', [Infinity])], 'payload.0.values'],
    ['a date in words', [row('created_at', 'is_greater_than', ['yesterday'])], 'payload.0.values', 'must be an ISO 8601 date'],
    ['a day that does not exist', [row('created_at', 'is_less_than', ['2024-02-30'])], 'payload.0.values'],
    ['an hour that does not exist', [row('created_at', 'is_less_than', ['2024-02-01T25:00:00Z'])], 'payload.0.values'],
    ['a year Postgres or the day after could not hold', [row('created_at', 'equal_to', ['9999-12-31'])], 'payload.0.values'],
    ['a year before 1000', [row('created_at', 'equal_to', ['0000-01-01'])], 'payload.0.values'],
    ['an offset without a colon', [row('created_at', 'equal_to', ['2024-01-01T10:00:00+0200'])], 'payload.0.values'],
    ['days_before that is not a count', [row('created_at', 'days_before', ['-3'])], 'payload.0.values'],
    ['a boolean in words', [row('trial', 'equal_to', ['yes'])], 'payload.0.values', 'must be true or false'],
    ['a list value outside the list', [row('tier', 'equal_to', ['Other'])], 'payload.0.values', 'must be one of: Enterprise, Startup'],
    ['a blank label', [row('labels', 'equal_to', ['  '])], 'payload.0.values'],
    ['a boolean as text', [row('referer', 'equal_to', [true])], 'payload.0.values'],
    ['an object as a value', [row('referer', 'equal_to', [{ sql: '1=1' }])], 'payload.0.values'],
  ])('refuses %s with a 422 at its path', (_name, rows, path, message) => {
    const fields = fieldsOf(rows);
    expect(Object.keys(fields)).toContain(path);
    if (message) expect(fields[path]![0]).toContain(message);
  });

  it('reports every bad row at once, under the base path the caller names', () => {
    const rows = [row('nope', 'equal_to', ['x'], null), row('status', 'equal_to', ['closed'], 'and'), row('team_id', 'is_greater_than', [1], null)];
    try {
      buildFilter('conversation', rows, defs, { basePath: 'query.payload' });
      expect.unreachable();
    } catch (error) {
      const appError = error as AppError;
      expect(Object.keys(appError.fields!).sort()).toEqual([
        'query.payload.0.attribute_key',
        'query.payload.0.query_operator',
        'query.payload.1.values',
        'query.payload.2.filter_operator',
      ]);
      expect(appError.message).toContain('Query.payload.0.attribute key is not a filter attribute');
      expect(appError.extra?.error).toMatch(/^Invalid filter: /);
    }
  });

  it('checks contact rows against contact attributes', () => {
    expect(Object.keys(fieldsOf([row('status', 'equal_to', ['open'])], 'contact'))).toEqual(['payload.0.attribute_key']);
    expect(Object.keys(fieldsOf([row('blocked', 'contains', ['t'])], 'contact'))).toEqual(['payload.0.filter_operator']);
    expect(() => compileContactFilter([row('company', 'contains', ['acme'], null)], [])).not.toThrow();
  });
});

describe('filter values', () => {
  it('normalises enums, expands status all and maps priority none to NULL', () => {
    expect(valuesOf(row('status', 'equal_to', ['Open', ' pending ']))).toEqual({ type: 'enum', values: ['open', 'pending'] });
    expect(query([row('status', 'equal_to', ['all'])]).sql).toBe('true');
    expect(query([row('status', 'not_equal_to', ['all'])]).sql).toBe('false');
    expect(query([row('priority', 'equal_to', ['none', 'high'])]).sql).toBe('("conversations"."priority" in ($1) or "conversations"."priority" is null)');
    expect(query([row('priority', 'not_equal_to', ['none'])]).sql).toBe('not ("conversations"."priority" is null)');
    expect(valuesOf(row('tier', 'equal_to', ['enterprise']))).toEqual({ type: 'enum', values: ['Enterprise'] });
  });

  it('parses ids, numbers, booleans and labels', () => {
    expect(valuesOf(row('assignee_id', 'equal_to', ['12', 7]))).toEqual({ type: 'id', values: [12, 7] });
    expect(valuesOf(row('seats', 'equal_to', ['12.50', 3, -4]))).toEqual({ type: 'number', values: ['12.50', '3', '-4'] });
    expect(valuesOf(row('trial', 'equal_to', ['TRUE', false]))).toEqual({ type: 'boolean', values: [true, false] });
    expect(valuesOf(row('labels', 'equal_to', [' VIP ', 'billing']))).toEqual({ type: 'labels', values: ['vip', 'billing'] });
    expect(valuesOf(row('referer', 'equal_to', [42]))).toEqual({ type: 'text', values: ['42'] });
  });

  it('reads a bare date as a UTC day, a date with a time as an instant, and days_before from today (UTC)', () => {
    expect(valuesOf(row('created_at', 'is_greater_than', ['2024-02-29']))).toEqual({ type: 'date', values: [{ kind: 'day', day: '2024-02-29' }] });
    expect(valuesOf(row('created_at', 'is_less_than', ['2024-03-01T10:00:00+02:00']))).toEqual({
      type: 'date',
      values: [{ kind: 'instant', iso: '2024-03-01T08:00:00.000Z' }],
    });
    expect(valuesOf(row('created_at', 'is_less_than', ['2024-03-01 10:00']))).toEqual({ type: 'date', values: [{ kind: 'instant', iso: '2024-03-01T10:00:00.000Z' }] });
    expect(valuesOf(row('created_at', 'days_before', ['10']))).toEqual({ type: 'date', values: [{ kind: 'day', day: '2024-05-10' }] });
    expect(valuesOf(row('created_at', 'days_before', [0]))).toEqual({ type: 'date', values: [{ kind: 'day', day: '2024-05-20' }] });
  });

  it('ignores the values of is_present and is_not_present', () => {
    expect(valuesOf(row('labels', 'is_present', ['anything']))).toEqual({ type: 'none' });
    expect(query([row('labels', 'is_not_present', [])]).sql).toBe('cardinality("conversations"."labels") = 0');
  });
});

describe('filter SQL', () => {
  it('binds every user value and custom key as a parameter, never as SQL text', () => {
    const hostile = "'); DELETE FROM contacts; --";
    const { sql, params } = query([
      row('mail_subject', 'contains', [hostile], 'or'),
      row('referer', 'equal_to', ["' OR '1'='1"], 'or'),
      row('plan', 'starts_with', ['x'], 'or', { custom_attribute_type: 'conversation_attribute' }),
      row('labels', 'equal_to', ["vip' OR 1=1"], null),
    ]);
    expect(sql).not.toContain('DELETE');
    expect(sql).not.toContain("'1'='1");
    expect(sql).not.toContain('plan');
    expect(sql).not.toContain('1=1');
    expect(params).toEqual([`%${hostile}%`, "' OR '1'='1", 'plan', 'x%', "vip' or 1=1"]);
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(schema.escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\');
    expect(query([row('mail_subject', 'starts_with', ['50%'])]).params).toEqual(['50\\%%']);
  });

  it('writes standard jsonb keys as literals and custom ones as parameters, each custom type behind a cast that cannot throw', () => {
    expect(query([row('country_code', 'equal_to', ['us'])]).sql).toBe(`lower(("conversations"."additional_attributes" ->> 'country_code')) in (lower($1::text))`);
    const seats = query([row('seats', 'is_greater_than', [5])]);
    expect(seats.sql).toContain(`~ '^-?[0-9]{1,30}([.][0-9]{1,30})?$' then`);
    expect(seats.params).toEqual(['seats', 'seats', '5']);
    expect(query([row('renewal', 'is_less_than', ['2024-01-01'])]).sql).toContain('left(');
    expect(query([row('trial', 'equal_to', [true])]).sql).toContain(`when 'true' then true`);
  });

  it('keeps a shadowing custom key apart from the standard attribute', () => {
    expect(query([row('status', 'equal_to', ['open'], null, { custom_attribute_type: '' })]).sql).toBe('"conversations"."status" in ($1)');
    const custom = query([row('status', 'contains', ['vip'], null, { custom_attribute_type: 'conversation_attribute' })]);
    expect(custom.sql).toContain('"conversations"."custom_attributes" ->> $1::text');
  });

  it('lists the attributes a filter reads, once each', () => {
    const { attributes } = buildFilter('conversation', [row('status', 'equal_to', ['open'], 'or'), row('seats', 'is_present', [], 'and'), row('status', 'equal_to', ['pending'], null)], defs);
    expect(attributes).toEqual([
      { key: 'status', type: 'enum', custom: false },
      { key: 'seats', type: 'number', custom: true },
    ]);
  });
});

describe('filter registries', () => {
  it('cover exactly the shared key lists the saved filters validate against', () => {
    expect(standardKeys('conversation').sort()).toEqual([...CONVERSATION_FILTER_KEYS].sort());
    expect(standardKeys('contact').sort()).toEqual([...CONTACT_FILTER_KEYS].sort());
  });

  it('allow text-only operators on text only, and comparisons on numbers and dates only', () => {
    for (const [type, operators] of Object.entries(TYPE_OPERATORS)) {
      expect(operators.includes('contains'), type).toBe(type === 'text');
      expect(operators.includes('is_greater_than'), type).toBe(type === 'number' || type === 'date');
      expect(operators.includes('days_before'), type).toBe(type === 'date');
      expect(operators).toEqual(expect.arrayContaining(['equal_to', 'not_equal_to', 'is_present', 'is_not_present']));
    }
  });
});
