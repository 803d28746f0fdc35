import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { schema } from '@app/db';
import { CONVERSATION_PRIORITIES, CONVERSATION_STATUSES } from '@app/shared/constants';
import type { AttributeType, CustomAttributeDef, FilterAttribute, FilterModel, FilterOperator } from './types.ts';

/** Operators each attribute type allows; Chatwoot's UI offers a subset of these per key, so its queries all pass. */
export const TYPE_OPERATORS: Record<AttributeType, readonly FilterOperator[]> = {
  text: ['equal_to', 'not_equal_to', 'contains', 'does_not_contain', 'starts_with', 'is_present', 'is_not_present'],
  number: ['equal_to', 'not_equal_to', 'is_greater_than', 'is_less_than', 'is_present', 'is_not_present'],
  date: ['equal_to', 'not_equal_to', 'is_greater_than', 'is_less_than', 'days_before', 'is_present', 'is_not_present'],
  boolean: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  enum: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  labels: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
  id: ['equal_to', 'not_equal_to', 'is_present', 'is_not_present'],
};

const MODEL_OF: Record<FilterModel, string> = { conversation: 'conversation_attribute', contact: 'contact_attribute' };

function attribute(key: string, type: AttributeType, expr: SQL, extra: Partial<FilterAttribute> = {}): FilterAttribute {
  return { key, type, custom: false, expr, presence: expr, blankIsAbsent: type === 'text', operators: TYPE_OPERATORS[type], ...extra };
}

const column = (key: string, type: AttributeType, col: PgColumn, extra: Partial<FilterAttribute> = {}) =>
  attribute(key, type, sql`${col}`, extra);

/**
 * A standard key inside a jsonb column. The field name is a constant of this file, so it is written as a literal
 * (an expression index on `additional_attributes->>'country_code'` can then serve it); the pattern check keeps
 * anything but a plain identifier out of the SQL text even if this file is edited carelessly.
 */
function jsonText(key: string, json: PgColumn, field = key): FilterAttribute {
  if (!/^[a-z_]+$/.test(field)) throw new Error(`jsonb field ${field} is not a plain identifier`);
  return attribute(key, 'text', sql`(${json} ->> ${sql.raw(`'${field}'`)})`);
}

function timestampColumn(key: string, col: PgColumn): FilterAttribute {
  return column(key, 'date', col, { dateStorage: 'timestamp' });
}

const c = schema.conversations;
const conversationAttributes: readonly FilterAttribute[] = [
  // `all` is Chatwoot's "any status": equal_to all matches every row, not_equal_to all matches none.
  column('status', 'enum', c.status, { options: CONVERSATION_STATUSES, allValue: 'all' }),
  column('assignee_id', 'id', c.assigneeId),
  column('inbox_id', 'id', c.inboxId),
  column('team_id', 'id', c.teamId),
  column('display_id', 'id', c.displayId),
  column('campaign_id', 'id', c.campaignId),
  column('labels', 'labels', c.labels),
  // Priority `none` is stored as NULL.
  column('priority', 'enum', c.priority, { options: CONVERSATION_PRIORITIES, noneValue: 'none' }),
  timestampColumn('created_at', c.createdAt),
  timestampColumn('last_activity_at', c.lastActivityAt),
  jsonText('browser_language', c.additionalAttributes),
  jsonText('conversation_language', c.additionalAttributes),
  jsonText('country_code', c.additionalAttributes),
  jsonText('referer', c.additionalAttributes),
  jsonText('mail_subject', c.additionalAttributes),
];

const k = schema.contacts;
const contactAttributes: readonly FilterAttribute[] = [
  column('name', 'text', k.name),
  column('email', 'text', k.email),
  column('phone_number', 'text', k.phoneNumber),
  column('identifier', 'text', k.identifier),
  jsonText('country_code', k.additionalAttributes),
  jsonText('city', k.additionalAttributes),
  jsonText('company', k.additionalAttributes, 'company_name'),
  jsonText('referer', k.additionalAttributes),
  timestampColumn('created_at', k.createdAt),
  timestampColumn('last_activity_at', k.lastActivityAt),
  column('blocked', 'boolean', k.blocked),
  column('labels', 'labels', k.labels),
];

const STANDARD: Record<FilterModel, ReadonlyMap<string, FilterAttribute>> = {
  conversation: new Map(conversationAttributes.map((a) => [a.key, a])),
  contact: new Map(contactAttributes.map((a) => [a.key, a])),
};

const CUSTOM_COLUMN: Record<FilterModel, PgColumn> = { conversation: c.customAttributes, contact: k.customAttributes };

export function standardKeys(model: FilterModel): string[] {
  return [...STANDARD[model].keys()];
}

// Custom values are typed by casts that cannot throw: a regex admits only what the cast accepts, anything else is NULL.
const safeNumeric = (raw: SQL) => sql`(case when ${raw} ~ '^-?[0-9]{1,30}([.][0-9]{1,30})?$' then (${raw})::numeric end)`;
// Day text, not ::date: no regex rules out 2024-02-31, which would make the cast throw. ISO days sort as text.
const safeDay = (raw: SQL) => sql`(case when ${raw} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(${raw}, 10) end)`;
const safeBoolean = (raw: SQL) => sql`(case lower(${raw}) when 'true' then true when 'false' then false end)`;

/** A custom attribute of the account: its key is only ever a bound parameter. */
export function customAttribute(model: FilterModel, def: CustomAttributeDef): FilterAttribute {
  const raw = sql`(${CUSTOM_COLUMN[model]} ->> ${def.attributeKey}::text)`;
  const base = { key: def.attributeKey, custom: true, presence: raw, blankIsAbsent: true };
  switch (def.attributeDisplayType) {
    case 'number':
    case 'currency':
    case 'percent':
      return { ...base, type: 'number', expr: safeNumeric(raw), operators: TYPE_OPERATORS.number };
    case 'date':
      return { ...base, type: 'date', expr: safeDay(raw), operators: TYPE_OPERATORS.date, dateStorage: 'day' };
    case 'checkbox':
      return { ...base, type: 'boolean', expr: safeBoolean(raw), operators: TYPE_OPERATORS.boolean };
    case 'list':
      return { ...base, type: 'enum', expr: raw, operators: TYPE_OPERATORS.enum, options: def.attributeValues };
    case 'text':
    case 'link':
      return { ...base, type: 'text', expr: raw, operators: TYPE_OPERATORS.text };
  }
}

export type AttributeRegistry = {
  model: FilterModel;
  /** The attribute a row names, or why it names none (a message for `attribute_key` or `custom_attribute_type`). */
  resolve: (key: string, customAttributeType: string | null | undefined) => FilterAttribute | { field: string; message: string };
};

/**
 * Standard keys first unless the row says it is a custom attribute (Chatwoot sends custom_attribute_type
 * `conversation_attribute` / `contact_attribute`, or '' for standard keys); a custom key never shadows a standard one
 * silently, and a row naming the other model's attributes is refused.
 */
export function attributeRegistry(model: FilterModel, customDefs: readonly CustomAttributeDef[]): AttributeRegistry {
  const standard = STANDARD[model];
  const custom = new Map(customDefs.map((def) => [def.attributeKey, def]));
  return {
    model,
    resolve(key, customAttributeType) {
      const wantsCustom = typeof customAttributeType === 'string' && customAttributeType !== '';
      if (wantsCustom && customAttributeType !== MODEL_OF[model] && Object.values(MODEL_OF).includes(customAttributeType)) {
        return { field: 'custom_attribute_type', message: `is not a ${model} attribute model` };
      }
      const standardAttribute = standard.get(key);
      if (standardAttribute && !wantsCustom) return standardAttribute;
      const def = custom.get(key);
      if (def) return customAttribute(model, def);
      if (standardAttribute) return standardAttribute;
      return { field: 'attribute_key', message: 'is not a filter attribute' };
    },
  };
}
