import { z } from 'zod';
import { ATTRIBUTE_DISPLAY_TYPES, ATTRIBUTE_MODELS } from './constants.ts';
import { wrapped } from './common.ts';

export const CustomAttributeDefinitionSchema = z.object({
  id: z.number().int(),
  attribute_display_name: z.string(),
  attribute_display_type: z.enum(ATTRIBUTE_DISPLAY_TYPES),
  attribute_description: z.string().nullable(),
  attribute_key: z.string(),
  attribute_values: z.array(z.string()),
  attribute_model: z.enum(ATTRIBUTE_MODELS),
  regex_pattern: z.string().nullable(),
  regex_cue: z.string().nullable(),
  default_value: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomAttributeDefinition = z.infer<typeof CustomAttributeDefinitionSchema>;

/** Chatwoot sends its enums as strings or as their integer position (`0`, `"1"`); both mean the same value. */
function chatwootEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => {
    const index = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
    return index === undefined ? value : (values[index] ?? value);
  }, z.enum(values));
}

export const AttributeModelSchema = chatwootEnum(ATTRIBUTE_MODELS);
export const AttributeDisplayTypeSchema = chatwootEnum(ATTRIBUTE_DISPLAY_TYPES);

export const ListCustomAttributeDefinitionsQuerySchema = z.object({
  attribute_model: AttributeModelSchema.optional().describe('conversation_attribute (0) or contact_attribute (1); omitted lists both'),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((text) => (text === '' ? null : text));

const regexPattern = optionalText(1000).refine((pattern) => {
  if (!pattern) return true;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}, 'is not a valid regular expression');

const attributeValues = z.array(z.string().trim().min(1, 'must not be blank').max(255)).max(1000);

const fields = {
  attribute_display_name: z.string().trim().min(1, 'must not be blank').max(255),
  attribute_display_type: AttributeDisplayTypeSchema,
  attribute_description: optionalText(1000),
  attribute_values: attributeValues.optional(),
  regex_pattern: regexPattern,
  regex_cue: optionalText(1000),
  default_value: optionalText(10_000),
};

export const LIST_NEEDS_VALUES = 'must include at least one value for a list';

export const CreateCustomAttributeDefinitionBodySchema = wrapped(
  'custom_attribute_definition',
  z
    .object({
      ...fields,
      attribute_display_type: fields.attribute_display_type.default('text'),
      attribute_key: z
        .string()
        .trim()
        .min(1, 'must not be blank')
        .max(64)
        .regex(/^[a-z][a-z0-9_]*$/, 'must start with a letter and contain only lowercase letters, numbers and underscores'),
      attribute_model: AttributeModelSchema,
    })
    .superRefine((body, issues) => {
      if (body.attribute_display_type === 'list' && !body.attribute_values?.length) {
        issues.addIssue({ code: 'custom', path: ['attribute_values'], message: LIST_NEEDS_VALUES });
      }
    }),
);

/** The key cannot change once values are stored under it; sending a different key is a 422. */
export const UpdateCustomAttributeDefinitionBodySchema = wrapped(
  'custom_attribute_definition',
  z.object({
    attribute_display_name: fields.attribute_display_name.optional(),
    attribute_display_type: fields.attribute_display_type.optional(),
    attribute_description: fields.attribute_description,
    attribute_values: fields.attribute_values,
    regex_pattern: fields.regex_pattern,
    regex_cue: fields.regex_cue,
    default_value: fields.default_value,
    attribute_key: z.string().trim().optional(),
    attribute_model: AttributeModelSchema.optional(),
  }),
);
