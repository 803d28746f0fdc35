import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactableInboxListSchema,
  ContactLabelsBodySchema,
  ContactLabelsSchema,
  ContactListQuerySchema,
  ContactListSchema,
  ContactMergeBodySchema,
  ContactMergeResponseSchema,
  ContactNoteListSchema,
  ContactNoteSchema,
  ContactResponseSchema,
  ContactSearchQuerySchema,
  CreateContactBodySchema,
  CreateContactNoteBodySchema,
  CreateContactResponseSchema,
  DestroyCustomAttributesBodySchema,
  UpdateContactBodySchema,
} from '@app/shared/contacts';
import { FilterQuerySchema } from '@app/shared/custom-filters';
import { registerPresenters, registerSubject } from '../../lib/events.ts';
import { accountCtx } from '../../plugins/access.ts';
import {
  contactableInboxes,
  contactLabels,
  createContactNote,
  deleteContactAvatar,
  deleteContactNote,
  destroyCustomAttributes,
  filterContacts,
  listContactNotes,
  searchContacts,
  setContactLabels,
} from './crm.ts';
import { deleteContact } from './delete.ts';
import { mergeContacts } from './merge.ts';
import { contactPresenters } from './events.ts';
import { contactPushByIds } from './service.ts';

// the contact events and how they are presented, to screens and to the relay alike (lib/events.ts)
registerPresenters(contactPresenters);
registerSubject('contact', contactPushByIds);
import { createContact, getContact, listContacts, updateContact } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['contacts'];
const base = '/api/v1/accounts/:accountId/contacts';

const noteParams = idParams.extend({ noteId: z.coerce.number().int().catch(0) });
const empty = z.object({});
const filterQuery = ContactListQuerySchema.pick({ page: true, sort: true, include_contact_inboxes: true });

/**
 * Contacts (001 sections 2, 3 and 7): list, search, filter, show, create (with a contact inbox), update with merged
 * hashes, labels, notes, custom attribute removal, avatar removal, contactable inboxes, delete, merge (docs/contacts.md).
 */
export const contactsModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:contacts.index' } as const;
  const write = { access: 'api:contacts.manage' } as const;
  const destroy = { access: 'api:contacts.destroy' } as const;
  const merge = { access: 'api:contacts.merge' } as const;

  // static paths before `:id` (find-my-way prefers them anyway; kept together for reading)
  app.get(
    `${base}/search`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Contacts whose name, email, phone number or identifier contains q (15 a page)',
        params,
        querystring: ContactSearchQuerySchema,
        response: { 200: ContactListSchema },
      },
    },
    (request) => searchContacts(accountCtx(request), request.query),
  );

  app.post(
    `${base}/filter`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Contacts matching filter rows (standard keys and contact custom attributes), 15 a page',
        params,
        querystring: filterQuery,
        body: FilterQuerySchema,
        response: { 200: ContactListSchema },
      },
    },
    (request) => filterContacts(accountCtx(request), request.body, request.query),
  );

  app.post(
    '/api/v1/accounts/:accountId/actions/contact_merge',
    {
      config: merge,
      schema: {
        tags,
        summary: "Merge the mergee into the base contact (conversations, contact inboxes, notes, labels, attributes); the mergee is deleted",
        params,
        body: ContactMergeBodySchema,
        response: { 200: ContactMergeResponseSchema },
      },
    },
    (request) => mergeContacts(accountCtx(request), request.body),
  );

  app.delete(
    `${base}/:id`,
    { config: destroy, schema: { tags, summary: 'Delete a contact (one with many conversations by a job)', params: idParams, response: { 200: empty } } },
    (request) => deleteContact(accountCtx(request), app.jobs, request.params.id),
  );

  app.get(
    `${base}/:id/labels`,
    { config: read, schema: { tags, summary: 'Labels of a contact', params: idParams, response: { 200: ContactLabelsSchema } } },
    (request) => contactLabels(accountCtx(request), request.params.id),
  );
  app.post(
    `${base}/:id/labels`,
    {
      config: write,
      schema: { tags, summary: "Replace a contact's labels (each must be a label of the account)", params: idParams, body: ContactLabelsBodySchema, response: { 200: ContactLabelsSchema } },
    },
    (request) => setContactLabels(accountCtx(request), request.params.id, request.body),
  );

  app.get(
    `${base}/:id/notes`,
    { config: read, schema: { tags, summary: 'Notes on a contact, newest first', params: idParams, response: { 200: ContactNoteListSchema } } },
    (request) => listContactNotes(accountCtx(request), request.params.id),
  );
  app.post(
    `${base}/:id/notes`,
    { config: write, schema: { tags, summary: 'Add a note to a contact', params: idParams, body: CreateContactNoteBodySchema, response: { 200: ContactNoteSchema } } },
    (request) => createContactNote(accountCtx(request), request.params.id, request.body),
  );
  app.delete(
    `${base}/:id/notes/:noteId`,
    { config: write, schema: { tags, summary: 'Delete a note (its author or an administrator)', params: noteParams, response: { 200: empty } } },
    (request) => deleteContactNote(accountCtx(request), request.params.id, request.params.noteId),
  );

  app.post(
    `${base}/:id/destroy_custom_attributes`,
    {
      config: write,
      schema: { tags, summary: 'Remove keys from custom_attributes', params: idParams, body: DestroyCustomAttributesBodySchema, response: { 200: ContactResponseSchema } },
    },
    (request) => destroyCustomAttributes(accountCtx(request), request.params.id, request.body),
  );
  app.delete(
    `${base}/:id/avatar`,
    { config: write, schema: { tags, summary: "Remove a contact's avatar", params: idParams, response: { 200: ContactResponseSchema } } },
    (request) => deleteContactAvatar(accountCtx(request), request.params.id),
  );
  app.get(
    `${base}/:id/contactable_inboxes`,
    { config: read, schema: { tags, summary: 'Inboxes through which a conversation with the contact can start', params: idParams, response: { 200: ContactableInboxListSchema } } },
    (request) => contactableInboxes(accountCtx(request), request.params.id),
  );

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
    (request) => createContact(accountCtx(request), request.body, app.jobs),
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
  app.patch(`${base}/:id`, update, (request) => updateContact(accountCtx(request), request.params.id, request.body, app.jobs));
  app.put(`${base}/:id`, update, (request) => updateContact(accountCtx(request), request.params.id, request.body, app.jobs));
};
