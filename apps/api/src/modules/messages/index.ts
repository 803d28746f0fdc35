import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateMessageBodySchema,
  ListMessagesQuerySchema,
  MessageListSchema,
  MessageSchema,
  TranslateMessageBodySchema,
  TranslateMessageResponseSchema,
  UpdateMessageBodySchema,
  ConversationAttachmentListSchema,
} from '@app/shared/messages';
import { PageQuerySchema } from '@app/shared/common';
import { registerPresenters, registerSubject } from '../../lib/events.ts';
import { hot } from '../../lib/fast-serializer.ts';
import { accountCtx } from '../../plugins/access.ts';
import { listConversationAttachments } from './conversation-attachments.ts';
import { messagePresenters } from './events.ts';
import { presentMessagesByIds } from './present.ts';
import { deleteMessage, listMessages, postMessage, retryMessage, translateMessage, updateMessageStatus } from './service.ts';

// the message events and how they are presented, to screens and to the relay alike (lib/events.ts)
registerPresenters(messagePresenters);
registerSubject('message', presentMessagesByIds);

// A malformed or out-of-range id is simply not found (404), as any unknown id is.
const pathId = z.coerce.number().int().positive().max(2_147_483_647).catch(0);
const params = z.object({ accountId: z.coerce.number().int(), conversationId: pathId });
const idParams = params.extend({ id: pathId });
const tags = ['messages'];
const base = '/api/v1/accounts/:accountId/conversations/:conversationId/messages';
const response = { 200: MessageSchema };

/** A conversation's messages (001 section 7; Chatwoot's messages controller). :conversationId is the display id. */
export const messagesModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:messages.index' } as const;
  const write = { access: 'api:messages.create' } as const;

  app.get(
    '/api/v1/accounts/:accountId/conversations/:conversationId/attachments',
    {
      config: read,
      schema: { tags: ['conversations'], summary: 'Attachments of a conversation, newest first, 100 a page', params, querystring: PageQuerySchema, response: { 200: ConversationAttachmentListSchema } },
    },
    (request) => listConversationAttachments(accountCtx(request), request.params.conversationId, request.query.page),
  );
  app.get(
    base,
    {
      config: read,
      schema: { tags, summary: 'A window of messages, ascending: latest 20, 20 before `before`, up to 100 after `after`, or between both', params, querystring: ListMessagesQuerySchema, response: { 200: hot(MessageListSchema) } },
    },
    (request) => listMessages(accountCtx(request), request.params.conversationId, request.query),
  );
  app.post(
    base,
    {
      config: write,
      schema: {
        tags,
        summary: 'Send a message or private note (JSON, or multipart with attachments[]); a repeated echo_id answers the first message',
        params,
        body: CreateMessageBodySchema,
        response,
      },
    },
    (request) => postMessage(accountCtx(request), request.params.conversationId, request.body),
  );
  app.patch(
    `${base}/:id`,
    { config: write, schema: { tags, summary: 'Report the delivery status of a message (API-channel inboxes only)', params: idParams, body: UpdateMessageBodySchema, response } },
    (request) => updateMessageStatus(accountCtx(request), request.params.conversationId, request.params.id, request.body),
  );
  app.delete(
    `${base}/:id`,
    { config: write, schema: { tags, summary: 'Delete a message (soft: the content becomes "This message was deleted", attachments go)', params: idParams, response } },
    (request) => deleteMessage(accountCtx(request), request.params.conversationId, request.params.id),
  );
  app.post(
    `${base}/:id/retry`,
    { config: write, schema: { tags, summary: 'Send a failed outgoing message again (status back to progress)', params: idParams, response } },
    (request) => retryMessage(accountCtx(request), request.params.conversationId, request.params.id),
  );
  app.post(
    `${base}/:id/translate`,
    {
      config: read,
      schema: { tags, summary: 'Translate a message (kept in content_attributes.translations)', params: idParams, body: TranslateMessageBodySchema, response: { 200: TranslateMessageResponseSchema } },
    },
    (request) => translateMessage(accountCtx(request), request.params.conversationId, request.params.id, request.body),
  );
};
