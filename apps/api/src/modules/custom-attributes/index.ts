import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateCustomAttributeDefinitionBodySchema,
  CustomAttributeDefinitionSchema,
  ListCustomAttributeDefinitionsQuerySchema,
  UpdateCustomAttributeDefinitionBodySchema,
} from '@app/shared/custom-attributes';
import { accountCtx } from '../../plugins/access.ts';
import {
  createCustomAttributeDefinition,
  deleteCustomAttributeDefinition,
  getCustomAttributeDefinition,
  listCustomAttributeDefinitions,
  updateCustomAttributeDefinition,
} from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['custom attributes'];
const base = '/api/v1/accounts/:accountId/custom_attribute_definitions';
const Definition = CustomAttributeDefinitionSchema;

export const customAttributesModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:custom_attributes.index', feature: 'custom_attributes' } as const;
  const write = { access: 'api:custom_attributes.manage', feature: 'custom_attributes' } as const;

  app.get(
    base,
    {
      config: read,
      schema: { tags, summary: 'List custom attribute definitions', params, querystring: ListCustomAttributeDefinitionsQuerySchema, response: { 200: z.array(Definition) } },
    },
    (request) => listCustomAttributeDefinitions(accountCtx(request), request.query),
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, summary: 'Show a custom attribute definition', params: idParams, response: { 200: Definition } } },
    (request) => getCustomAttributeDefinition(accountCtx(request), request.params.id),
  );
  app.post(
    base,
    {
      config: write,
      schema: { tags, summary: 'Create a custom attribute definition', params, body: CreateCustomAttributeDefinitionBodySchema, response: { 200: Definition } },
    },
    (request) => createCustomAttributeDefinition(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    {
      config: write,
      schema: { tags, summary: 'Update a custom attribute definition', params: idParams, body: UpdateCustomAttributeDefinitionBodySchema, response: { 200: Definition } },
    },
    (request) => updateCustomAttributeDefinition(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete a custom attribute definition', params: idParams } }, async (request, reply) => {
    await deleteCustomAttributeDefinition(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
};
