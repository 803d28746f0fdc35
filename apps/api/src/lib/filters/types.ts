import type { SQL } from 'drizzle-orm';
import type { AttributeDisplayType } from '@app/shared/constants';
import type { FILTER_OPERATORS } from '@app/shared/custom-filters';

export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export type FilterModel = 'conversation' | 'contact';

/**
 * One row as it arrives (route body or a saved custom filter's jsonb). Deliberately loose: the engine checks every
 * field itself, so a stored query that predates a rule still answers a 422 and never reaches SQL unchecked.
 */
export type FilterRowInput = {
  attribute_key: string;
  filter_operator: string;
  values?: readonly unknown[] | null;
  query_operator?: string | null;
  custom_attribute_type?: string | null;
};

/** What the caller loads from custom_attribute_definitions for the model being filtered. */
export type CustomAttributeDef = {
  attributeKey: string;
  attributeDisplayType: AttributeDisplayType;
  attributeValues: readonly string[];
};

export type AttributeType = 'text' | 'number' | 'date' | 'boolean' | 'enum' | 'labels' | 'id';

/** How a date attribute is stored: a timestamptz column, or the calendar day written at the start of a jsonb string. */
export type DateStorage = 'timestamp' | 'day';

/** A whitelisted attribute: the only place SQL for a filter key comes from. */
export type FilterAttribute = {
  key: string;
  type: AttributeType;
  custom: boolean;
  /** The value as SQL of the type's kind (text, numeric, timestamptz or day text, boolean, int, text[]). */
  expr: SQL;
  /** is_present / is_not_present test this one; for custom attributes it is the raw text, junk included. */
  presence: SQL;
  /** Whether presence means "not null and not ''" (text) or only "not null". */
  blankIsAbsent: boolean;
  operators: readonly FilterOperator[];
  /** enum: the accepted values, in their stored spelling; empty = any text. */
  options?: readonly string[];
  /** enum: the value that stands for NULL (priority `none`). */
  noneValue?: string;
  /** enum: the value that stands for every option (status `all`). */
  allValue?: string;
  dateStorage?: DateStorage;
};

/** A date value: a whole UTC day, or an instant. */
export type DateValue = { kind: 'day'; day: string } | { kind: 'instant'; iso: string };

/** Values after parsing, tagged by the attribute type they were parsed for. */
export type FilterValues =
  | { type: 'text' | 'labels' | 'enum'; values: string[] }
  | { type: 'number'; values: string[] }
  | { type: 'id'; values: number[] }
  | { type: 'boolean'; values: boolean[] }
  | { type: 'date'; values: DateValue[] }
  | { type: 'none' };

export type FilterCondition = {
  index: number;
  attribute: FilterAttribute;
  operator: FilterOperator;
  values: FilterValues;
};

/** The parsed query: an OR of AND-groups (AND binds tighter, as in `a AND b OR c` = `(a AND b) OR c`). */
export type FilterTree = { groups: FilterCondition[][] };

export type CompiledFilter = {
  where: SQL;
  /** The attributes the filter reads, once each, for plan and index decisions. */
  attributes: { key: string; type: AttributeType; custom: boolean }[];
};

export type FilterOptions = {
  /** Prefix of the error paths; `payload` for a request body, `query.payload` for a saved filter. */
  basePath?: string;
  /** The clock days_before counts from. */
  now?: Date;
};
