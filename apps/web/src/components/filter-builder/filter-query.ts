import './messages.ts';
import type { FilterQuery } from '@app/shared/custom-filters';
import { ApiError } from '../../lib/api-client.ts';
import { t, type MessageKey } from '../../lib/i18n/i18n.ts';
import {
  TYPE_OPERATORS,
  VALUELESS_OPERATORS,
  type FilterAttribute,
  type FilterOperator,
  type FilterRow,
  type FilterValue,
  type RowErrors,
  type RowField,
} from './types.ts';

const ROW_FIELDS: readonly RowField[] = ['attribute_key', 'filter_operator', 'values', 'query_operator', 'custom_attribute_type'];
const MAX_DAYS = 36_500;

export const operatorsFor = (attribute: FilterAttribute | undefined): readonly FilterOperator[] => (attribute ? TYPE_OPERATORS[attribute.type] : TYPE_OPERATORS.text);

export const needsValue = (operator: FilterOperator) => !VALUELESS_OPERATORS.includes(operator);

export const findAttribute = (attributes: readonly FilterAttribute[], row: Pick<FilterRow, 'attribute_key' | 'custom_attribute_type'>) =>
  attributes.find((a) => a.key === row.attribute_key && !!a.customAttributeType === !!row.custom_attribute_type) ??
  attributes.find((a) => a.key === row.attribute_key);

/** A fresh row on `attribute` (the first one offered when none is given), with its first operator. */
export function emptyRow(attribute: FilterAttribute | undefined): FilterRow {
  const row: FilterRow = { attribute_key: attribute?.key ?? '', filter_operator: operatorsFor(attribute)[0]!, values: [], query_operator: 'and' };
  if (attribute?.customAttributeType) row.custom_attribute_type = attribute.customAttributeType;
  return row;
}

/**
 * The row moved to another attribute: the operator stays when the new type allows it; typed-in values (text,
 * numbers, dates) stay when the type is the same, picked options never (an inbox id is no team id).
 */
export function withAttribute(row: FilterRow, previous: FilterAttribute | undefined, next: FilterAttribute): FilterRow {
  const operators = operatorsFor(next);
  const sameType = previous?.type === next.type && !previous.options && !next.options;
  const changed: FilterRow = {
    attribute_key: next.key,
    filter_operator: operators.includes(row.filter_operator) ? row.filter_operator : operators[0]!,
    values: sameType ? row.values : [],
    query_operator: row.query_operator,
  };
  if (next.customAttributeType) changed.custom_attribute_type = next.customAttributeType;
  return changed;
}

/** A new operator: values go when it takes none, and when moving to or from `days_before` (days, not dates). */
export function withOperator(row: FilterRow, operator: FilterOperator): FilterRow {
  const unitChanged = (row.filter_operator === 'days_before') !== (operator === 'days_before');
  return { ...row, filter_operator: operator, values: !needsValue(operator) || unitChanged ? [] : row.values };
}

/** The rows as POST conversations/filter, contacts/filter and custom_filters take them; the last row joins nothing. */
export function toFilterQuery(rows: readonly FilterRow[]): FilterQuery {
  return {
    payload: rows.map((row, index) => {
      const values = needsValue(row.filter_operator) ? row.values.map((v) => (typeof v === 'string' ? v.trim() : v)) : [];
      return {
        attribute_key: row.attribute_key,
        filter_operator: row.filter_operator,
        values,
        query_operator: index === rows.length - 1 ? null : row.query_operator,
        ...(row.custom_attribute_type ? { custom_attribute_type: row.custom_attribute_type } : {}),
      };
    }),
  };
}

/** A saved query back into editable rows (a folder or segment being edited). */
export function fromFilterQuery(query: unknown): FilterRow[] {
  const payload = (query as { payload?: unknown } | null)?.payload;
  if (!Array.isArray(payload)) return [];
  return payload.flatMap((raw): FilterRow[] => {
    if (!raw || typeof raw !== 'object') return [];
    const r = raw as Record<string, unknown>;
    const row: FilterRow = {
      attribute_key: String(r.attribute_key ?? ''),
      filter_operator: (r.filter_operator as FilterOperator) ?? 'equal_to',
      values: Array.isArray(r.values) ? (r.values.filter((v) => ['string', 'number', 'boolean'].includes(typeof v)) as FilterValue[]) : [],
      query_operator: String(r.query_operator ?? 'and').toLowerCase() === 'or' ? 'or' : 'and',
    };
    if (typeof r.custom_attribute_type === 'string' && r.custom_attribute_type) row.custom_attribute_type = r.custom_attribute_type;
    return [row];
  });
}

const isBlank = (v: FilterValue | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** What the builder can tell before asking the server: a missing attribute or value, a number that is not one. */
export function checkRows(rows: readonly FilterRow[], attributes: readonly FilterAttribute[]): RowErrors {
  const errors: RowErrors = {};
  rows.forEach((row, index) => {
    const attribute = findAttribute(attributes, row);
    if (!attribute) {
      errors[index] = { attribute_key: t('FILTER_BUILDER.ERROR.ATTRIBUTE') };
      return;
    }
    if (!needsValue(row.filter_operator)) return;
    if (row.values.length === 0 || row.values.some(isBlank)) errors[index] = { values: t('FILTER_BUILDER.ERROR.REQUIRED') };
    else if (row.filter_operator === 'days_before') {
      const days = Number(row.values[0]);
      if (!Number.isInteger(days) || days < 0 || days > MAX_DAYS) errors[index] = { values: t('FILTER_BUILDER.ERROR.DAYS') };
    } else if ((attribute.type === 'number' || (attribute.type === 'id' && !attribute.options)) && row.values.some((v) => !Number.isFinite(Number(v)))) errors[index] = { values: t('FILTER_BUILDER.ERROR.NUMBER') };
  });
  return errors;
}

export const hasRowErrors = (errors: RowErrors) => Object.keys(errors).length > 0;

const FIELD_LABEL: Record<RowField, MessageKey> = {
  attribute_key: 'FILTER_BUILDER.ATTRIBUTE',
  filter_operator: 'FILTER_BUILDER.OPERATOR',
  values: 'FILTER_BUILDER.VALUE',
  query_operator: 'FILTER_BUILDER.JOIN_SHORT',
  custom_attribute_type: 'FILTER_BUILDER.ATTRIBUTE',
};

const ROW_PATH = /(?:^|\.)payload\.(\d+)\.([a-z_]+)$/;

/**
 * A failed filter or save read for the builder: the 422 messages at `payload.<i>.<field>` (also under a prefix,
 * `query.payload.<i>.<field>` of custom_filters) go to their rows; everything else is one message.
 */
export function rowErrorsOf(error: unknown): { rows: RowErrors; message: string | null } {
  const rows: RowErrors = {};
  if (!(error instanceof ApiError)) return { rows, message: error instanceof Error ? error.message : null };
  let unplaced = false;
  if (error.status === 422) {
    for (const [path, messages] of Object.entries(error.fieldErrors)) {
      const match = ROW_PATH.exec(path);
      const field = match?.[2] as RowField | undefined;
      if (!match || !field || !ROW_FIELDS.includes(field)) {
        unplaced = true;
        continue;
      }
      const index = Number(match[1]);
      rows[index] = { ...rows[index], [field]: rows[index]?.[field] ?? `${t(FIELD_LABEL[field])} ${messages[0] ?? ''}`.trim() };
    }
  }
  const message = hasRowErrors(rows) && !unplaced ? null : error.message;
  return { rows, message };
}
