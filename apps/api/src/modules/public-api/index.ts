import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PublicContactParamsSchema,
  PublicContactSchema,
  PublicConversationParamsSchema,
  PublicConversationSchema,
  PublicCreateContactBodySchema,
  PublicCreateConversationBodySchema,
  PublicCreateMessageBodySchema,
  PublicInboxParamsSchema,
  PublicMessageParamsSchema,
  PublicMessageSchema,
  PublicUpdateContactBodySchema,
  PublicUpdateMessageBodySchema,
} from '@app/shared/public-api';
import { PUBLIC_API_RATE_LIMIT } from '../../lib/rate-limit-store.ts';
import { ctx } from '../../plugins/access.ts';
import {
  createClientContact,
  createClientConversation,
  createClientMessage,
  getClientContact,
  listClientConversationsOf,
  listClientMessages,
  updateClientContact,
  updateClientMessage,
} from './service.ts';

export { PUBLIC_API_RATE_LIMIT };

const tags = ['public'];
const base = '/public/api/v1/inboxes/:inbox_identifier';

/** The client API of API inboxes (Chatwoot's /public/api/v1): no auth, identified by inbox identifier and source id. */
export const publicApiModule: FastifyPluginAsyncZod = async (app) => {
  const config = {
    auth: 'none' as const,
    rateLimit: { max: PUBLIC_API_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `public-api:${request.ip}` },
  };

  app.post(
    `${base}/contacts`,
    {
      config,
      schema: {
        tags,
        summary: 'Create a contact of the inbox (a new source_id); identifier_hash is required when the inbox has hmac_mandatory',
        params: PublicInboxParamsSchema,
        body: PublicCreateContactBodySchema,
        response: { 200: PublicContactSchema },
      },
    },
    (request) => createClientContact(ctx(request), request.params.inbox_identifier, request.body),
  );
  app.get(
    `${base}/contacts/:source_id`,
    { config, schema: { tags, summary: 'The contact of this source_id', params: PublicContactParamsSchema, response: { 200: PublicContactSchema } } },
    (request) => getClientContact(ctx(request), request.params.inbox_identifier, request.params.source_id),
  );
  app.patch(
    `${base}/contacts/:source_id`,
    {
      config,
      schema: {
        tags,
        summary: 'Update the contact (custom_attributes merged key by key)',
        params: PublicContactParamsSchema,
        body: PublicUpdateContactBodySchema,
        response: { 200: PublicContactSchema },
      },
    },
    (request) => updateClientContact(ctx(request), request.params.inbox_identifier, request.params.source_id, request.body),
  );
  app.get(
    `${base}/contacts/:source_id/conversations`,
    {
      config,
      schema: { tags, summary: "The contact's conversations in this inbox", params: PublicContactParamsSchema, response: { 200: z.array(PublicConversationSchema) } },
    },
    (request) => listClientConversationsOf(ctx(request), request.params.inbox_identifier, request.params.source_id),
  );
  app.post(
    `${base}/contacts/:source_id/conversations`,
    {
      config,
      schema: {
        tags,
        summary: 'Start a conversation (pending with an agent bot, auto-assigned otherwise)',
        params: PublicContactParamsSchema,
        body: PublicCreateConversationBodySchema,
        response: { 200: PublicConversationSchema },
      },
    },
    (request) => createClientConversation(ctx(request), request.params.inbox_identifier, request.params.source_id, request.body ?? {}),
  );
  app.get(
    `${base}/contacts/:source_id/conversations/:conversation_id/messages`,
    {
      config,
      schema: { tags, summary: 'The public messages of the conversation, oldest first (no private notes)', params: PublicConversationParamsSchema, response: { 200: z.array(PublicMessageSchema) } },
    },
    (request) => listClientMessages(ctx(request), request.params.inbox_identifier, request.params.source_id, request.params.conversation_id),
  );
  app.post(
    `${base}/contacts/:source_id/conversations/:conversation_id/messages`,
    {
      config,
      schema: {
        tags,
        summary: 'Send an incoming message from the contact (JSON, or multipart with attachments[]); echo_id comes back on message.created',
        params: PublicConversationParamsSchema,
        body: PublicCreateMessageBodySchema,
        response: { 200: PublicMessageSchema },
      },
    },
    (request) =>
      createClientMessage(ctx(request), request.params.inbox_identifier, request.params.source_id, request.params.conversation_id, request.body),
  );
  app.patch(
    `${base}/contacts/:source_id/conversations/:conversation_id/messages/:message_id`,
    {
      config,
      schema: {
        tags,
        summary: "Answer a form or options message (content_attributes.submitted_values)",
        params: PublicMessageParamsSchema,
        body: PublicUpdateMessageBodySchema,
        response: { 200: PublicMessageSchema },
      },
    },
    (request) =>
      updateClientMessage(ctx(request), request.params.inbox_identifier, request.params.source_id, request.params.conversation_id, request.params.message_id, request.body),
  );
};
