import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactListQuerySchema,
  ContactListSchema,
  ContactResponseSchema,
  CreateContactBodySchema,
  CreateContactResponseSchema,
  UpdateContactBodySchema,
} from '@app/shared/contacts';
import { accountCtx } from '../../plugins/access.ts';
import { createContact, getContact, listContacts, updateContact } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['contacts'];
const base = '/api/v1/accounts/:accountId/contacts';

/** Contacts core (001 sections 3 and 7): list, show, create (with a contact inbox), update with merged hashes. */
export const contactsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:contacts.index' } as const;
  const write = { access: 'api:contacts.manage' } as const;

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        summary: 'List contacts that have an email, phone number or identifier (15 a page)',
        params,
        querystring: ContactListQuerySchema,
        response: { 200: ContactListSchema },
      },
    },
    (request) => listContacts(accountCtx(request), request.query),
  );

  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, summary: 'Show a contact with its contact inboxes', params: idParams, response: { 200: ContactResponseSchema } } },
    (request) => getContact(accountCtx(request), request.params.id),
  );

  app.post(
    base,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a contact (JSON or multipart with avatar); with inbox_id also its contact inbox',
        params,
        body: CreateContactBodySchema,
        response: { 200: CreateContactResponseSchema },
      },
    },
    (request) => createContact(accountCtx(request), request.body),
  );

  const update = {
    config: write,
    schema: {
      tags,
      summary: 'Update a contact; additional_attributes and custom_attributes are merged into the stored ones',
      params: idParams,
      body: UpdateContactBodySchema,
      response: { 200: ContactResponseSchema },
    },
  };
  app.patch(`${base}/:id`, update, (request) => updateContact(accountCtx(request), request.params.id, request.body));
  app.put(`${base}/:id`, update, (request) => updateContact(accountCtx(request), request.params.id, request.body));
};
