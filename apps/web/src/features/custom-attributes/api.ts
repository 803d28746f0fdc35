import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AttributeDisplayType, AttributeModel } from '@app/shared/constants';
import { CustomAttributeDefinitionSchema, type CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { api } from '../../lib/api-client.ts';

/** The JSON body of POST …/custom_attribute_definitions (PATCH leaves out key and model, which do not change). */
export type AttributeInput = {
  attribute_display_name: string;
  attribute_display_type: AttributeDisplayType;
  attribute_description: string | null;
  attribute_key: string;
  attribute_model: AttributeModel;
  attribute_values: string[];
  regex_pattern: string | null;
  regex_cue: string | null;
};

const base = (accountId: number) => `/api/v1/accounts/${accountId}/custom_attribute_definitions`;

export const attributeKeys = {
  all: (accountId: number) => ['accounts', accountId, 'custom-attributes'] as const,
  list: (accountId: number, model: AttributeModel) => [...attributeKeys.all(accountId), model] as const,
};

const ListSchema = z.array(CustomAttributeDefinitionSchema);

/** GET …/custom_attribute_definitions?attribute_model=: one tab's definitions. */
export function useAttributeList(accountId: number, model: AttributeModel) {
  return useQuery({
    queryKey: attributeKeys.list(accountId, model),
    queryFn: ({ signal }) => api(`${base(accountId)}?attribute_model=${model}`, { schema: ListSchema, signal }),
  });
}

/** POST …/custom_attribute_definitions, or PATCH …/{id} (wrapped under custom_attribute_definition). */
export function useSaveAttribute(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AttributeInput }): Promise<CustomAttributeDefinition> => {
      const { attribute_key: _key, attribute_model: _model, ...changes } = input;
      const body = id === undefined ? input : changes;
      return api(id === undefined ? base(accountId) : `${base(accountId)}/${id}`, {
        method: id === undefined ? 'POST' : 'PATCH',
        body: { custom_attribute_definition: body },
        schema: CustomAttributeDefinitionSchema,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: attributeKeys.all(accountId) }),
  });
}

/** DELETE …/custom_attribute_definitions/{id}. */
export function useDeleteAttribute(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${base(accountId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: attributeKeys.all(accountId) }),
  });
}
