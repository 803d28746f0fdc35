import { CONTACT_FILTER_KEYS, type FILTER_OPERATORS, type FilterQuery } from '@app/shared/custom-filters';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';

export type FilterRow = FilterQuery['payload'][number];
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type ContactFilterKey = (typeof CONTACT_FILTER_KEYS)[number];

type AttributeKind = 'text' | 'date' | 'boolean' | 'number' | 'labels';

const KIND_OF: Record<ContactFilterKey, AttributeKind> = {
  name: 'text', email: 'text', phone_number: 'text', identifier: 'text', country_code: 'text', city: 'text', company: 'text', referer: 'text',
  created_at: 'date', last_activity_at: 'date', labels: 'labels', blocked: 'boolean',
};

/** The operators each kind of attribute takes (Chatwoot's filter keys). */
export const OPERATORS_OF: Record<AttributeKind, readonly FilterOperator[]> = {
  text: ['equal_to', 'not_equal_to', 'contains', 'does_not_contain', 'starts_with', 'is_present', 'is_not_present'],
  number: ['equal_to', 'not_equal_to', 'is_greater_than', 'is_less_than', 'is_present', 'is_not_present'],
  date: ['is_greater_than', 'is_less_than', 'days_before'],
  boolean: ['equal_to', 'not_equal_to'],
  labels: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
};

export const VALUELESS: readonly FilterOperator[] = ['is_present', 'is_not_present'];

export const isStandardKey = (key: string): key is ContactFilterKey => (CONTACT_FILTER_KEYS as readonly string[]).includes(key);

/** What kind of value an attribute takes: a standard key's own, a custom attribute's by its display type. */
export function kindOf(row: Pick<FilterRow, 'attribute_key' | 'custom_attribute_type'>, definitions: readonly CustomAttributeDefinition[]): AttributeKind {
  if (isStandardKey(row.attribute_key)) return KIND_OF[row.attribute_key];
  const type = definitions.find((d) => d.attribute_key === row.attribute_key)?.attribute_display_type ?? row.custom_attribute_type;
  if (type === 'date') return 'date';
  if (type === 'checkbox') return 'boolean';
  if (type === 'number' || type === 'currency' || type === 'percent') return 'number';
  return 'text';
}

export const emptyRow = (): FilterRow => ({ attribute_key: 'name', filter_operator: 'contains', values: [''], query_operator: 'and' });

/** A row set ready to send: values trimmed (none for valueless operators), the last row without a join. */
export function normaliseRows(rows: readonly FilterRow[]): FilterRow[] {
  return rows.map((row, index) => {
    const values = VALUELESS.includes(row.filter_operator) ? [] : row.values.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
    const joined = index < rows.length - 1 ? { query_operator: row.query_operator ?? 'and' } : { query_operator: null };
    return { ...row, values, ...joined };
  });
}

/** The rows whose value is missing (index list), for the form's messages. */
export const rowsMissingValue = (rows: readonly FilterRow[]) =>
  normaliseRows(rows).flatMap((row, index) => (!VALUELESS.includes(row.filter_operator) && row.values.length === 0 ? [index] : []));
