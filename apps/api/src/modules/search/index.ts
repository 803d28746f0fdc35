import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SearchAllSchema, SearchContactsSchema, SearchConversationsSchema, SearchMessagesSchema, SearchQuerySchema } from '@app/shared/search';
import { accountCtx } from '../../plugins/access.ts';
import { searchAll, searchContacts, searchConversations, searchMessages } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const tags = ['search'];
const base = '/api/v1/accounts/:accountId/search';

/** Global search (docs/search.md): each part holds only what the caller may see. */
export const searchModule: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'api:search.index' } as const;
  const schema = (summary: string, response: z.ZodType) => ({ tags, summary, params, querystring: SearchQuerySchema, response: { 200: response } });

  app.get(
    base,
    { config, schema: schema('Search contacts, conversations and messages (the first five of each the caller may see)', SearchAllSchema) },
    (request) => searchAll(accountCtx(request), request.query),
  );
  app.get(
    `${base}/contacts`,
    { config, schema: schema('Search contacts by name, email, phone number or identifier (15 a page; needs contact access)', SearchContactsSchema) },
    (request) => searchContacts(accountCtx(request), request.query),
  );
  app.get(
    `${base}/conversations`,
    { config, schema: schema('Search the conversations the caller may see: display id, contact or message text (15 a page)', SearchConversationsSchema) },
    (request) => searchConversations(accountCtx(request), request.query),
  );
  app.get(
    `${base}/messages`,
    { config, schema: schema('Search messages (incoming, outgoing and private notes) of the conversations the caller may see, newest first (15 a page)', SearchMessagesSchema) },
    (request) => searchMessages(accountCtx(request), request.query),
  );
};
