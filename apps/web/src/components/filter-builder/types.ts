import type { FILTER_OPERATORS } from '@app/shared/custom-filters';

export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type FilterValue = string | number | boolean;
export type QueryOperator = 'and' | 'or';

/**
 * The value kinds of apps/api/src/lib/filters (README "Semantics"): each allows its own operators and takes its
 * own value input. `enum`, `id` and `labels` pick from `options` when the attribute has them.
 */
export type FilterAttributeType = 'text' | 'number' | 'date' | 'boolean' | 'enum' | 'labels' | 'id';

export type FilterOption = { value: string | number; label: string };

/** One attribute the builder offers: a standard key, or a custom attribute (`customAttributeType` set). */
export type FilterAttribute = {
  key: string;
  label: string;
  type: FilterAttributeType;
  options?: readonly FilterOption[];
  customAttributeType?: 'conversation_attribute' | 'contact_attribute';
};

/** A row being edited: the wire row of FilterRowSchema, with its join always set (the last one is dropped on send). */
export type FilterRow = {
  attribute_key: string;
  filter_operator: FilterOperator;
  values: FilterValue[];
  query_operator: QueryOperator;
  custom_attribute_type?: string;
};

export type RowField = 'attribute_key' | 'filter_operator' | 'values' | 'query_operator' | 'custom_attribute_type';
/** Messages per row index and field, as the server reports them at `payload.<i>.<field>`. */
export type RowErrors = Record<number, Partial<Record<RowField, string>>>;

/** Operators per attribute type, as the API's TYPE_OPERATORS allows them. */
export const TYPE_OPERATORS: Record<FilterAttributeType, readonly FilterOperator[]> = {
  text: ['equal_to', 'not_equal_to', 'contains', 'does_not_contain', 'starts_with', 'is_present', 'is_not_present'],
  number: ['equal_to', 'not_equal_to', 'is_greater_than', 'is_less_than', 'is_present', 'is_not_present'],
  date: ['equal_to', 'not_equal_to', 'is_greater_than', 'is_less_than', 'days_before', 'is_present', 'is_not_present'],
  boolean: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  enum: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  labels: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  id: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
};

export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['is_present', 'is_not_present'];
