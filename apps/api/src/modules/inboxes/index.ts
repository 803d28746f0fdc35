import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorizationUrlSchema,
  CompactInboxListSchema,
  CreateInboxBodySchema,
  CreateTwilioChannelBodySchema,
  FacebookPagesBodySchema,
  FacebookPagesSchema,
  InboxListSchema,
  InboxSchema,
  MailAuthorizationBodySchema,
  OpenConversationsCountSchema,
  ReauthorizeFacebookPageBodySchema,
  RegisterFacebookPageBodySchema,
  UpdateInboxBodySchema,
} from '@app/shared/inboxes';
import { accountCtx } from '../../plugins/access.ts';
import { createTwilioInbox, reauthorizeFacebookPage, registerFacebookPage, startAuthorization } from './channel-service.ts';
import { listFacebookPages } from './facebook.ts';
import {
  allInboxes,
  createInbox,
  deleteInbox,
  getInbox,
  listInboxes,
  openConversationCounts,
  removeInboxAvatar,
  updateInbox,
} from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['inboxes'];
const account = '/api/v1/accounts/:accountId';
const base = `${account}/inboxes`;
const emptyOk = { 200: z.void().describe('Empty body') };

/** Inbox settings (001 sections 3, 5 and 7): inboxes, their channels, and the provider authorization calls. */
export const inboxesModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:inboxes.index', feature: 'inbox_management' } as const;
  const write = { access: 'api:inboxes.manage', feature: 'inbox_management' } as const;
  const authorize = { access: 'api:channels.authorize', feature: 'inbox_management' } as const;

  app.get(base, { config: read, schema: { tags, summary: 'List inboxes (administrators: all; others: the inboxes they are members of)', params, response: { 200: InboxListSchema } } }, (request) =>
    listInboxes(accountCtx(request)),
  );
  app.get(
    `${base}/open_conversations_count`,
    { config: read, schema: { tags, summary: 'Open and unresponded conversation counts per visible inbox', params, response: { 200: OpenConversationsCountSchema } } },
    (request) => openConversationCounts(accountCtx(request)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, summary: 'Show an inbox', params: idParams, response: { 200: InboxSchema } } }, (request) =>
    getInbox(accountCtx(request), request.params.id),
  );
  app.post(
    base,
    { config: write, schema: { tags, summary: 'Create an inbox with its channel (JSON, or multipart with an avatar file)', params, body: CreateInboxBodySchema, response: { 200: InboxSchema } } },
    (request) => createInbox(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    { config: write, schema: { tags, summary: 'Update an inbox and its channel fields (JSON, or multipart with an avatar file)', params: idParams, body: UpdateInboxBodySchema, response: { 200: InboxSchema } } },
    (request) => updateInbox(accountCtx(request), request.params.id, request.body),
  );
  app.delete(`${base}/:id`, { config: write, schema: { tags, summary: 'Delete an inbox with its conversations (synchronous)', params: idParams, response: emptyOk } }, async (request, reply) => {
    await deleteInbox(accountCtx(request), request.params.id);
    return reply.status(200).send();
  });
  app.delete(`${base}/:id/avatar`, { config: write, schema: { tags, summary: "Remove an inbox's avatar", params: idParams, response: { 200: InboxSchema } } }, (request) =>
    removeInboxAvatar(accountCtx(request), request.params.id),
  );
  app.get(
    `${account}/all_inboxes`,
    { config: read, schema: { tags, summary: 'Every inbox of the account, compact (administrators and inbox leaders)', params, response: { 200: CompactInboxListSchema } } },
    (request) => allInboxes(accountCtx(request)),
  );

  app.post(
    `${account}/channels/twilio_channel`,
    { config: authorize, schema: { tags, summary: 'Create a Twilio SMS or WhatsApp inbox', params, body: CreateTwilioChannelBodySchema, response: { 200: InboxSchema } } },
    (request) => createTwilioInbox(accountCtx(request), request.body),
  );
  // Chatwoot's dashboard calls it as facebook_pages.json, which the server answers like the plain path.
  app.post(
    `${account}/callbacks/facebook_pages`,
    {
      config: authorize,
      schema: { tags, summary: "The Facebook pages of the logged-in user (after the browser's Facebook login), with a long-lived user token", params, body: FacebookPagesBodySchema, response: { 200: FacebookPagesSchema } },
    },
    (request) => listFacebookPages(accountCtx(request), request.body),
  );
  app.post(
    `${account}/callbacks/register_facebook_page`,
    { config: authorize, schema: { tags, summary: 'Create a Facebook page inbox from the page picked after Facebook login', params, body: RegisterFacebookPageBodySchema, response: { 200: InboxSchema } } },
    (request) => registerFacebookPage(accountCtx(request), request.body),
  );
  app.post(
    `${account}/callbacks/reauthorize_page`,
    { config: authorize, schema: { tags, summary: 'Store new tokens for a Facebook page inbox', params, body: ReauthorizeFacebookPageBodySchema, response: { 200: InboxSchema } } },
    (request) => reauthorizeFacebookPage(accountCtx(request), request.body),
  );
  app.post(
    `${account}/twitter/authorization`,
    { config: authorize, schema: { tags, summary: 'Start connecting a Twitter profile: the consent URL (OAuth 2.0 with PKCE)', params, response: { 200: AuthorizationUrlSchema } } },
    (request) => startAuthorization(accountCtx(request), 'twitter'),
  );
  for (const provider of ['google', 'microsoft'] as const) {
    app.post(
      `${account}/${provider}/authorization`,
      { config: authorize, schema: { tags, summary: `Start connecting a ${provider === 'google' ? 'Google' : 'Microsoft'} mailbox: the consent URL`, params, body: MailAuthorizationBodySchema, response: { 200: AuthorizationUrlSchema } } },
      (request) => startAuthorization(accountCtx(request), provider, request.body),
    );
  }
};
