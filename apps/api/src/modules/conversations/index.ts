import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentListSchema, AgentSchema } from '@app/shared/agents';
import { PageQuerySchema } from '@app/shared/common';
import {
  AssignmentBodySchema,
  ConversationLabelsBodySchema,
  ConversationLabelsSchema,
  ConversationListSchema,
  ConversationMetaSchema,
  ConversationPageSchema,
  ConversationSchema,
  CreateConversationBodySchema,
  CustomAttributesBodySchema,
  ListConversationsQuerySchema,
  ParticipantsBodySchema,
  TogglePriorityBodySchema,
  ToggleStatusBodySchema,
  ToggleStatusResponseSchema,
  TranscriptBodySchema,
  TypingBodySchema,
  UpdateConversationBodySchema,
} from '@app/shared/conversations';
import { FilterQuerySchema } from '@app/shared/custom-filters';
import { BulkAssignmentBodySchema, BulkAssignmentResultSchema } from '@app/shared/inbox-members';
import { TeamSchema } from '@app/shared/teams';
import { registerPresenters, registerSubject } from '../../lib/events.ts';
import { hot } from '../../lib/fast-serializer.ts';
import { accountCtx } from '../../plugins/access.ts';
import {
  assignConversation,
  bulkAssignConversations,
  conversationLabels,
  deleteConversation,
  markSeen,
  markUnread,
  setConversationLabels,
  setCustomAttributes,
  setMuted,
  toggleStatus,
  togglePriority,
  toggleTyping,
  updateConversation,
} from './actions.ts';
import { createConversation } from './create.ts';
import { changeParticipants, listParticipants } from './participants.ts';
import { contactConversations, conversationMeta, filterConversations, getConversation, listConversations, searchConversations } from './service.ts';
import { sendTranscript } from './transcript.ts';
import { conversationPresenters } from './events.ts';
import { presentConversationsByIds } from './present.ts';

// the conversation events and how they are presented, to screens and to the relay alike (lib/events.ts)
registerPresenters(conversationPresenters);
registerSubject('conversation', presentConversationsByIds);

const params = z.object({ accountId: z.coerce.number().int() });
// Conversations are addressed by their per-account display id; a malformed one is simply not found.
const idParams = params.extend({ conversationId: z.coerce.number().int().catch(0) });
const tags = ['conversations'];
const base = '/api/v1/accounts/:accountId/conversations';
const one = `${base}/:conversationId`;
const read = { access: 'api:conversations.index' } as const;
const write = { access: 'api:conversations.manage' } as const;
const ok = z.object({}).describe('Empty body');

export const conversationsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(base, {
    config: read,
    schema: { tags, summary: 'List conversations of a tab with the counts of every tab', params, querystring: ListConversationsQuerySchema, response: { 200: hot(ConversationListSchema) } },
  }, (request) => listConversations(accountCtx(request), request.query));

  app.get(`${base}/meta`, {
    config: read,
    schema: { tags, summary: 'Counts of the mine, unassigned, assigned and all tabs', params, querystring: ListConversationsQuerySchema, response: { 200: hot(ConversationMetaSchema) } },
  }, (request) => conversationMeta(accountCtx(request), request.query));

  app.get(`${base}/search`, {
    config: read,
    schema: {
      tags,
      summary: 'Search by display id, contact name/email/phone/identifier and message content',
      params,
      querystring: PageQuerySchema.extend({ q: z.string().trim().min(1, 'must not be blank').max(200) }),
      response: { 200: hot(ConversationPageSchema) },
    },
  }, (request) => searchConversations(accountCtx(request), request.query.q, request.query.page));

  app.post(`${base}/filter`, {
    config: read,
    schema: { tags, summary: 'Filter with the attribute/operator grammar', params, querystring: PageQuerySchema, body: FilterQuerySchema, response: { 200: hot(ConversationPageSchema) } },
  }, (request) => filterConversations(accountCtx(request), request.body, request.query.page));

  app.post(base, {
    config: write,
    schema: { tags, summary: 'Start a conversation (source_id, or inbox_id and contact_id)', params, body: CreateConversationBodySchema, response: { 200: ConversationSchema } },
  }, (request) => createConversation(accountCtx(request), request.body));

  app.get(one, { config: read, schema: { tags, summary: 'Show a conversation', params: idParams, response: { 200: ConversationSchema } } }, (request) =>
    getConversation(accountCtx(request), request.params.conversationId),
  );
  app.patch(one, {
    config: write,
    schema: { tags, summary: 'Update a conversation (priority)', params: idParams, body: UpdateConversationBodySchema, response: { 200: ConversationSchema } },
  }, (request) => updateConversation(accountCtx(request), request.params.conversationId, request.body));
  app.delete(one, { config: { access: 'api:conversations.destroy' }, schema: { tags, summary: 'Delete a conversation and its messages', params: idParams } }, async (request, reply) => {
    await deleteConversation(accountCtx(request), request.params.conversationId);
    return reply.status(200).send();
  });

  app.post(`${one}/toggle_status`, {
    config: write,
    schema: { tags, summary: 'Set the status (open ⇄ resolved without one); snoozed may carry snoozed_until', params: idParams, body: ToggleStatusBodySchema.default({}), response: { 200: ToggleStatusResponseSchema } },
  }, (request) => toggleStatus(accountCtx(request), request.params.conversationId, request.body));
  app.post(`${one}/toggle_priority`, {
    config: write,
    schema: { tags, summary: 'Set the priority (none, low, medium, high, urgent)', params: idParams, body: TogglePriorityBodySchema },
  }, async (request, reply) => {
    await togglePriority(accountCtx(request), request.params.conversationId, request.body.priority);
    return reply.status(200).send();
  });
  app.post(`${one}/assignments`, {
    config: write,
    schema: {
      tags,
      summary: 'Assign an agent of the inbox (answers the agent) or a team (answers the team); null unassigns',
      params: idParams,
      body: AssignmentBodySchema,
      response: { 200: z.union([AgentSchema, TeamSchema]).nullable() },
    },
  }, (request) => assignConversation(accountCtx(request), request.params.conversationId, request.body));

  app.get(`${one}/labels`, { config: read, schema: { tags, summary: 'Labels of a conversation', params: idParams, response: { 200: ConversationLabelsSchema } } }, (request) =>
    conversationLabels(accountCtx(request), request.params.conversationId),
  );
  app.post(`${one}/labels`, {
    config: write,
    schema: { tags, summary: 'Replace the labels of a conversation', params: idParams, body: ConversationLabelsBodySchema, response: { 200: ConversationLabelsSchema } },
  }, (request) => setConversationLabels(accountCtx(request), request.params.conversationId, request.body));
  app.post(`${one}/custom_attributes`, {
    config: write,
    schema: { tags, summary: 'Replace the custom attributes', params: idParams, body: CustomAttributesBodySchema, response: { 200: CustomAttributesBodySchema } },
  }, (request) => setCustomAttributes(accountCtx(request), request.params.conversationId, request.body));

  const participants = `${one}/participants`;
  app.get(participants, { config: read, schema: { tags, summary: 'Participants', params: idParams, response: { 200: AgentListSchema } } }, (request) =>
    listParticipants(accountCtx(request), request.params.conversationId),
  );
  for (const [method, mode, summary] of [
    ['POST', 'add', 'Add participants'],
    ['PATCH', 'replace', 'Replace the participants'],
    ['DELETE', 'remove', 'Remove participants'],
  ] as const) {
    app.route({
      method,
      url: participants,
      config: write,
      schema: { tags, summary, params: idParams, body: ParticipantsBodySchema, response: { 200: AgentListSchema } },
      handler: (request) => changeParticipants(accountCtx(request), request.params.conversationId, mode, request.body),
    });
  }

  const simple = [
    ['mute', 'Mute: resolve and keep the contact’s next messages from reopening it', (id: number, r: Parameters<typeof accountCtx>[0]) => setMuted(accountCtx(r), id, true)],
    ['unmute', 'Unmute', (id: number, r: Parameters<typeof accountCtx>[0]) => setMuted(accountCtx(r), id, false)],
    ['unread', 'Mark unread (last seen moves before the latest incoming message)', (id: number, r: Parameters<typeof accountCtx>[0]) => markUnread(accountCtx(r), id)],
    ['update_last_seen', 'Mark read up to now', (id: number, r: Parameters<typeof accountCtx>[0]) => markSeen(accountCtx(r), id)],
  ] as const;
  for (const [path, summary, run] of simple) {
    app.post(`${one}/${path}`, { config: write, schema: { tags, summary, params: idParams, response: { 200: ok } } }, async (request) => {
      await run(request.params.conversationId, request);
      return {};
    });
  }
  app.post(`${one}/toggle_typing_status`, {
    config: write,
    schema: { tags, summary: 'Tell the conversation’s other viewers the caller is typing', params: idParams, body: TypingBodySchema, response: { 200: ok } },
  }, async (request) => {
    await toggleTyping(accountCtx(request), request.params.conversationId, request.body);
    return {};
  });
  app.post(`${one}/transcript`, {
    config: write,
    schema: { tags, summary: 'Mail the transcript (public messages) to an address', params: idParams, body: TranscriptBodySchema, response: { 200: ok } },
  }, async (request) => {
    await sendTranscript(accountCtx(request), request.params.conversationId, request.body.email);
    return {};
  });

  app.post('/api/v1/accounts/:accountId/bulk_assignments', {
    config: { access: 'api:bulk_assignments.create' },
    schema: {
      tags,
      summary: "Distribute an inbox's conversations over its agents, least loaded first",
      params,
      body: BulkAssignmentBodySchema,
      response: { 200: BulkAssignmentResultSchema },
    },
  }, (request) => bulkAssignConversations(accountCtx(request), request.body));

  app.get('/api/v1/accounts/:accountId/contacts/:contactId/conversations', {
    config: read,
    schema: {
      tags,
      summary: 'Conversations of a contact the caller may see',
      params: params.extend({ contactId: z.coerce.number().int().catch(0) }),
      response: { 200: z.object({ payload: z.array(ConversationSchema) }) },
    },
  }, (request) => contactConversations(accountCtx(request), request.params.contactId));
};
