import type { AttributeDisplayType, AttributeModel } from '@app/shared/constants';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { t } from '../../../lib/i18n/i18n.ts';
import type { AttributeInput } from '../api.ts';

/** The types offered when creating (Chatwoot's form); currency and percent definitions made through the API still show. */
export const OFFERED_TYPES = ['text', 'number', 'link', 'date', 'list', 'checkbox'] as const satisfies readonly AttributeDisplayType[];

export type AttributeField = 'attribute_display_name' | 'attribute_key' | 'attribute_description' | 'attribute_display_type' | 'attribute_values' | 'regex_pattern' | 'regex_cue';
export type AttributeErrors = Partial<Record<AttributeField, string>>;
export type AttributeFormValues = {
  attribute_model: AttributeModel;
  attribute_display_name: string;
  attribute_key: string;
  /** The key was typed by hand: the display name no longer fills it in. */
  keyEdited: boolean;
  attribute_description: string;
  attribute_display_type: AttributeDisplayType;
  attribute_values: string[];
  regex_enabled: boolean;
  regex_pattern: string;
  regex_cue: string;
};

export const NAME_MAX = 255;
export const KEY_MAX = 64;
export const DESCRIPTION_MAX = 1000;
// The server's rule (packages/shared custom-attributes.ts).
const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * The key a display name stands for: lowercase, accents dropped, every run of other characters one underscore,
 * no underscore at either end, and a leading digit prefixed so it starts with a letter ("Plan 2" → plan_2).
 */
export function keyFromName(name: string): string {
  const key = name
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, KEY_MAX);
  return /^[0-9]/.test(key) ? `attr_${key}`.slice(0, KEY_MAX) : key;
}

export const emptyAttributeForm = (model: AttributeModel): AttributeFormValues => ({
  attribute_model: model,
  attribute_display_name: '',
  attribute_key: '',
  keyEdited: false,
  attribute_description: '',
  attribute_display_type: 'text',
  attribute_values: [],
  regex_enabled: false,
  regex_pattern: '',
  regex_cue: '',
});

export const attributeFormOf = (definition: CustomAttributeDefinition): AttributeFormValues => ({
  attribute_model: definition.attribute_model,
  attribute_display_name: definition.attribute_display_name,
  attribute_key: definition.attribute_key,
  keyEdited: true,
  attribute_description: definition.attribute_description ?? '',
  attribute_display_type: definition.attribute_display_type,
  attribute_values: definition.attribute_values,
  regex_enabled: Boolean(definition.regex_pattern),
  regex_pattern: definition.regex_pattern ?? '',
  regex_cue: definition.regex_cue ?? '',
});

function validRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * The attribute form's checks: a display name, a key that starts with a letter and holds only lowercase letters,
 * numbers and underscores, at least one value for a list, and, when pattern validation is on for a text
 * attribute, a pattern that compiles. The description and the cue are optional.
 */
export function validateAttribute(values: AttributeFormValues): AttributeErrors {
  const errors: AttributeErrors = {};
  const name = values.attribute_display_name.trim();
  if (!name) errors.attribute_display_name = t('ATTRIBUTES_MGMT.FORM.NAME.ERROR');
  else if (name.length > NAME_MAX) errors.attribute_display_name = t('ATTRIBUTES_MGMT.FORM.NAME.TOO_LONG');
  const key = values.attribute_key.trim();
  if (!key) errors.attribute_key = t('ATTRIBUTES_MGMT.FORM.KEY.ERROR');
  else if (key.length > KEY_MAX) errors.attribute_key = t('ATTRIBUTES_MGMT.FORM.KEY.TOO_LONG');
  else if (!KEY_PATTERN.test(key)) errors.attribute_key = t('ATTRIBUTES_MGMT.FORM.KEY.IN_VALID');
  if (values.attribute_description.trim().length > DESCRIPTION_MAX) errors.attribute_description = t('ATTRIBUTES_MGMT.FORM.DESCRIPTION.TOO_LONG');
  if (values.attribute_display_type === 'list' && values.attribute_values.length === 0) errors.attribute_values = t('ATTRIBUTES_MGMT.FORM.VALUES.ERROR');
  if (values.attribute_display_type === 'text' && values.regex_enabled) {
    const pattern = values.regex_pattern.trim();
    if (!pattern) errors.regex_pattern = t('ATTRIBUTES_MGMT.FORM.REGEX_PATTERN.ERROR');
    else if (!validRegex(pattern)) errors.regex_pattern = t('ATTRIBUTES_MGMT.FORM.REGEX_PATTERN.IN_VALID');
  }
  return errors;
}

/** What the API receives: values only for a list, a pattern and cue only for a text attribute that validates. */
export function attributeInputOf(values: AttributeFormValues): AttributeInput {
  const regex = values.attribute_display_type === 'text' && values.regex_enabled;
  return {
    attribute_display_name: values.attribute_display_name.trim(),
    attribute_display_type: values.attribute_display_type,
    attribute_description: values.attribute_description.trim() || null,
    attribute_key: values.attribute_key.trim(),
    attribute_model: values.attribute_model,
    attribute_values: values.attribute_display_type === 'list' ? values.attribute_values : [],
    regex_pattern: regex ? values.regex_pattern.trim() : null,
    regex_cue: regex ? values.regex_cue.trim() || null : null,
  };
}
