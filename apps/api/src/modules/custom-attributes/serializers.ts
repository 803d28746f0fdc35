import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import type { CustomAttributeDefinitionRow } from './queries.ts';

export function serializeCustomAttributeDefinition(row: CustomAttributeDefinitionRow): CustomAttributeDefinition {
  return {
    id: row.id,
    attribute_display_name: row.attributeDisplayName,
    attribute_display_type: row.attributeDisplayType,
    attribute_description: row.attributeDescription,
    attribute_key: row.attributeKey,
    attribute_values: row.attributeValues,
    attribute_model: row.attributeModel,
    regex_pattern: row.regexPattern,
    regex_cue: row.regexCue,
    default_value: row.defaultValue,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
