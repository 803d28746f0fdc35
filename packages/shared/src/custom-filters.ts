import { z } from 'zod';
import { CUSTOM_FILTER_TYPES, type CustomFilterType } from './constants.ts';
import { requiredText, wrapped } from './common.ts';

/** The filter grammar saved folders and segments use; the conversation and contact filters run the same rows. */
export const FILTER_OPERATORS = [
  'equal_to',
  'not_equal_to',
  'contains',
  'does_not_contain',
  'is_present',
  'is_not_present',
  'is_greater_than',
  'is_less_than',
  'days_before',
  'starts_with',
] as const;
const VALUELESS_OPERATORS: readonly string[] = ['is_present', 'is_not_present'];

// Chatwoot's filter keys (lib/filters/filter_keys.yml). conversation_type (mention | participating | unattended) is a
// list parameter, not a filter row: two of its values depend on who asks, which a saved, shared filter cannot know.
export const CONVERSATION_FILTER_KEYS = [
  'status', 'assignee_id', 'inbox_id', 'team_id', 'display_id', 'campaign_id', 'labels', 'browser_language',
  'conversation_language', 'country_code', 'referer', 'mail_subject', 'created_at', 'last_activity_at', 'priority',
] as const;
export const CONTACT_FILTER_KEYS = [
  'name', 'email', 'phone_number', 'identifier', 'country_code', 'city', 'company', 'referer', 'created_at', 'last_activity_at',
  'labels', 'blocked',
] as const;
const STANDARD_KEYS: Record<CustomFilterType, readonly string[]> = {
  conversation: CONVERSATION_FILTER_KEYS,
  contact: CONTACT_FILTER_KEYS,
  report: CONVERSATION_FILTER_KEYS,
};
const CUSTOM_ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,63}$/;
export const MAX_FILTER_ROWS = 50;

export const FilterRowSchema = z.object({
  attribute_key: z.string().min(1).max(64),
  filter_operator: z.enum(FILTER_OPERATORS),
  values: z.array(z.union([z.string().max(1000), z.number(), z.boolean()])).max(500),
  query_operator: z.enum(['and', 'or']).nullable().optional(),
  custom_attribute_type: z.string().max(64).optional(),
});

export const FilterQuerySchema = z.object({ payload: z.array(FilterRowSchema).min(1).max(MAX_FILTER_ROWS) });
export type FilterQuery = z.infer<typeof FilterQuerySchema>;

/** Rules that span rows or depend on the filter type; issues are reported at their exact path. */
export function checkFilterQuery(query: FilterQuery, filterType: CustomFilterType, ctx: z.RefinementCtx, base: (string | number)[]) {
  query.payload.forEach((row, index) => {
    const path = [...base, 'payload', index];
    const standard = STANDARD_KEYS[filterType].includes(row.attribute_key);
    const custom = row.custom_attribute_type !== undefined && CUSTOM_ATTRIBUTE_KEY.test(row.attribute_key);
    if (!standard && !custom) ctx.addIssue({ code: 'custom', path: [...path, 'attribute_key'], message: `is not a ${filterType} filter attribute` });
    if (row.values.length === 0 && !VALUELESS_OPERATORS.includes(row.filter_operator)) {
      ctx.addIssue({ code: 'custom', path: [...path, 'values'], message: 'must not be empty for this operator' });
    }
    if (index < query.payload.length - 1 && !row.query_operator) {
      ctx.addIssue({ code: 'custom', path: [...path, 'query_operator'], message: 'must join this row to the next (and | or)' });
    }
  });
}

/** Chatwoot sends filter_type as a name or as its integer (0 conversation, 1 contact, 2 report). */
export const FilterTypeSchema = z.preprocess(
  (v) => (typeof v === 'number' || (typeof v === 'string' && /^\d$/.test(v)) ? CUSTOM_FILTER_TYPES[Number(v)] ?? v : v),
  z.enum(CUSTOM_FILTER_TYPES),
);

export const CustomFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filter_type: z.enum(CUSTOM_FILTER_TYPES),
  query: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const CreateCustomFilterBodySchema = wrapped(
  'custom_filter',
  z
    .object({ name: requiredText(255), filter_type: FilterTypeSchema.default('conversation'), query: FilterQuerySchema })
    .superRefine((body, ctx) => checkFilterQuery(body.query, body.filter_type, ctx, ['query'])),
);

/** On update the query is checked against the filter's type (given here, or the stored one in the service). */
export const UpdateCustomFilterBodySchema = wrapped(
  'custom_filter',
  z.object({ name: requiredText(255).optional(), filter_type: FilterTypeSchema.optional(), query: FilterQuerySchema.optional() }),
);

export const ListCustomFiltersQuerySchema = z.object({ filter_type: FilterTypeSchema.default('conversation') });
