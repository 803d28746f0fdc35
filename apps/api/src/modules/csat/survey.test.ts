import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { CSAT_RESPONSE_EDIT_WINDOW_DAYS, csatSurveyPath } from '@app/shared/csat';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox } from '../../../test/factories.ts';
import { drainOutbox } from '../../jobs/outbox-relay.ts';
import { OUTBOX_CONSUMERS } from '../../jobs/processors.ts';
import type { Services } from '../../lib/context.ts';
import { DEFAULT_SURVEY_MESSAGE } from './survey.ts';

let t: TestContext;
let services: Services;
beforeAll(async () => {
  // no workers: the tests relay by hand
  t = await buildTestApp({ RUN_WORKERS: 'false' });
  services = { db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus };
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const relay = () => drainOutbox(services, 'default', OUTBOX_CONSUMERS);
const surveyUrl = (uuid: string) => `/public/api/v1/csat_survey/${uuid}`;
const answer = (rating: unknown, feedback_message?: string) => ({ message: { submitted_values: { csat_survey_response: { rating, ...(feedback_message !== undefined ? { feedback_message } : {}) } } } });
const DAY = 24 * 3600 * 1000;

const surveysOf = (conversationId: number) =>
  t.db
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.conversationId, conversationId), eq(schema.messages.contentType, 'input_csat')))
    .orderBy(asc(schema.messages.id));
const responsesOf = (conversationId: number) => t.db.select().from(schema.csatSurveyResponses).where(eq(schema.csatSurveyResponses.conversationId, conversationId));

async function setup(options: { enabled?: boolean; channelType?: 'Channel::Api' | 'Channel::WebWidget'; csatConfig?: Record<string, unknown> } = {}) {
  const { account, admin } = await createAccountWithAdmin(t);
  const inbox = await createInbox(t, account.id, { members: [admin.user.id], channelType: options.channelType ?? 'Channel::Api' });
  await t.db
    .update(schema.inboxes)
    .set({ csatSurveyEnabled: options.enabled ?? true, csatConfig: options.csatConfig ?? {} })
    .where(eq(schema.inboxes.id, inbox.id));
  const conversation = await createConversation(t, account.id, inbox.id);
  const toggle = (status: string) => call('POST', `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`, admin.headers, { status });
  return { account, admin, inbox, conversation, toggle };
}

/** A conversation resolved in a CSAT inbox, its survey sent. */
async function surveyed(options: Parameters<typeof setup>[0] = {}) {
  const s = await setup(options);
  expect((await s.toggle('resolved')).statusCode).toBe(200);
  await relay();
  const [survey] = await surveysOf(s.conversation.id);
  expect(survey).toBeDefined();
  return { ...s, survey: survey! };
}

describe('the survey message', () => {
  it('goes out once when a conversation resolves in a CSAT inbox: outgoing input_csat with the page link, announced, with its own outbox row', async () => {
    const { account, conversation, toggle } = await setup();
    expect((await toggle('resolved')).statusCode).toBe(200);
    const events = await eventsDuring(t, account.id, relay);
    const surveys = await surveysOf(conversation.id);
    expect(surveys).toHaveLength(1);
    const survey = surveys[0]!;
    // an API inbox without a webhook_url: storing the survey is its delivery (docs/api-channel.md)
    expect(survey).toMatchObject({ messageType: 'outgoing', contentType: 'input_csat', private: false, senderId: null, status: 'sent' });
    expect(survey.content).toBe(`${DEFAULT_SURVEY_MESSAGE}\n${t.config.frontendUrl}${csatSurveyPath(conversation.uuid)}`);
    expect(events.some((e) => e.name === 'message.created' && (e.data as { id: number }).id === survey.id)).toBe(true);
    // the channel hears of it like any outgoing message
    const rows = await t.db.select().from(schema.outboxEvents).where(and(eq(schema.outboxEvents.accountId, account.id), eq(schema.outboxEvents.name, 'message.created')));
    expect(rows.map((r) => r.subject.messageId)).toContain(survey.id);
    // no human reply: the conversation's first reply stays unset
    const [after] = await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, conversation.id));
    expect(after!.firstReplyCreatedAt).toBeNull();
    expect(after!.status).toBe('resolved');
  });

  it('is not sent again on a later resolve, nor when the relay handles the same row twice', async () => {
    const { account, conversation, toggle } = await setup();
    await toggle('resolved');
    await relay();
    expect(await surveysOf(conversation.id)).toHaveLength(1);
    // the same status_changed row relayed once more (a relay that died after its consumers ran)
    await t.db.update(schema.outboxEvents).set({ dispatchedAt: null }).where(and(eq(schema.outboxEvents.accountId, account.id), eq(schema.outboxEvents.name, 'conversation.status_changed')));
    await relay();
    expect(await surveysOf(conversation.id)).toHaveLength(1);
    await toggle('open');
    await toggle('resolved');
    await Promise.all([relay(), relay()]);
    expect(await surveysOf(conversation.id)).toHaveLength(1);
    // counted once in the CSAT rollups, for the account and the inbox, however often it was relayed
    const sent = await t.db
      .select({ dimension: schema.reportDailyRollups.dimension, count: schema.reportDailyRollups.count })
      .from(schema.reportDailyRollups)
      .where(and(eq(schema.reportDailyRollups.accountId, account.id), eq(schema.reportDailyRollups.metric, 'csat_sent')))
      .orderBy(asc(schema.reportDailyRollups.dimension));
    expect(sent).toEqual([
      { dimension: 'account', count: 1 },
      { dimension: 'inbox', count: 1 },
    ]);
  });

  it('is not sent in an inbox without CSAT, nor when the resolve was undone before the relay ran', async () => {
    const off = await setup({ enabled: false });
    await off.toggle('resolved');
    await relay();
    expect(await surveysOf(off.conversation.id)).toHaveLength(0);

    const undone = await setup();
    await undone.toggle('resolved');
    await undone.toggle('open');
    await relay();
    expect(await surveysOf(undone.conversation.id)).toHaveLength(0);
    // pending or snoozed is no resolve
    await undone.toggle('pending');
    await relay();
    expect(await surveysOf(undone.conversation.id)).toHaveLength(0);
  });

  it("uses the inbox's own line, and on the web widget no link (the widget shows the survey inline)", async () => {
    const { conversation } = await surveyed({ channelType: 'Channel::WebWidget', csatConfig: { message: 'How did Ada do today?' } });
    const [survey] = await surveysOf(conversation.id);
    expect(survey!.content).toBe('How did Ada do today?');
    // storing it is the widget's delivery
    expect(survey!.status).toBe('sent');
  });
});

describe('the public survey API', () => {
  it('GET shows the survey; PUT answers it; PATCH changes it: one response per conversation with its inbox, team, assignee and contact', async () => {
    const { account, admin, inbox, conversation, survey } = await surveyed();
    const [team] = await t.db.insert(schema.teams).values({ accountId: account.id, name: `Team ${Math.random()}` }).returning();
    await t.db.update(schema.conversations).set({ teamId: team!.id, assigneeId: admin.user.id }).where(eq(schema.conversations.id, conversation.id));

    const shown = await call('GET', surveyUrl(conversation.uuid));
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ conversation_id: conversation.displayId, inbox_name: inbox.name, inbox_avatar_url: null, locale: 'en', csat_survey_response: null, editable: true });

    const put = await call('PUT', surveyUrl(conversation.uuid), {}, answer(4, '  Quick and kind  '));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ csat_survey_response: { rating: 4, feedback_message: 'Quick and kind' }, editable: true });
    const events = await eventsDuring(t, account.id, () => call('PATCH', surveyUrl(conversation.uuid), {}, answer(2)));
    expect(events.find((e) => e.name === 'message.updated')?.data).toMatchObject({ id: survey.id, content_attributes: { submitted_values: { csat_survey_response: { rating: 2, feedback_message: null } } } });

    const responses = await responsesOf(conversation.id);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      accountId: account.id,
      messageId: survey.id,
      inboxId: inbox.id,
      teamId: team!.id,
      assignedAgentId: admin.user.id,
      contactId: conversation.contactId,
      rating: 2,
      feedbackMessage: null,
    });
    expect((await call('GET', surveyUrl(conversation.uuid))).json().csat_survey_response).toEqual({ rating: 2, feedback_message: null });
    const [message] = await surveysOf(conversation.id);
    expect(message!.contentAttributes).toMatchObject({ submitted_values: { csat_survey_response: { rating: 2 } } });
  });

  it('S1-9.11 ratings are 1 to 5: 422 for a rating outside them or a missing body, with nothing written', async () => {
    const { conversation } = await surveyed();
    for (const body of [answer(0), answer(6), answer(2.5), answer('great'), { message: {} }, answer(3, 'x'.repeat(2001))]) {
      const res = await call('PUT', surveyUrl(conversation.uuid), {}, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await responsesOf(conversation.id)).toHaveLength(0);
    // both ends are ratings
    expect((await call('PUT', surveyUrl(conversation.uuid), {}, answer(1))).statusCode).toBe(200);
    expect((await call('PATCH', surveyUrl(conversation.uuid), {}, answer(5))).statusCode).toBe(200);
    expect((await responsesOf(conversation.id)).map((r) => r.rating)).toEqual([5]);
  });

  it(`after ${CSAT_RESPONSE_EDIT_WINDOW_DAYS} days the answer is read-only: editable false and 422 on change`, async () => {
    const { conversation, survey } = await surveyed();
    expect((await call('PUT', surveyUrl(conversation.uuid), {}, answer(5))).statusCode).toBe(200);
    await t.db
      .update(schema.messages)
      .set({ createdAt: new Date(Date.now() - CSAT_RESPONSE_EDIT_WINDOW_DAYS * DAY - 60_000) })
      .where(eq(schema.messages.id, survey.id));
    const shown = (await call('GET', surveyUrl(conversation.uuid))).json();
    expect(shown).toMatchObject({ editable: false, csat_survey_response: { rating: 5 } });
    const late = await call('PATCH', surveyUrl(conversation.uuid), {}, answer(1));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ csat_survey_response: ['has expired'] });
    expect((await responsesOf(conversation.id))[0]!.rating).toBe(5);
  });

  it('404 for an unknown uuid and for a conversation whose survey was never sent; a uuid reveals only its own conversation', async () => {
    expect((await call('GET', surveyUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await call('PUT', surveyUrl('not-a-uuid'), {}, answer(3))).statusCode).toBe(404);
    const unsent = await setup();
    expect((await call('GET', surveyUrl(unsent.conversation.uuid))).statusCode).toBe(404);
    expect((await call('PUT', surveyUrl(unsent.conversation.uuid), {}, answer(3))).statusCode).toBe(404);
    expect(await responsesOf(unsent.conversation.id)).toHaveLength(0);

    const a = await surveyed();
    const b = await surveyed();
    expect((await call('PUT', surveyUrl(a.conversation.uuid), {}, answer(1, 'from a'))).statusCode).toBe(200);
    expect((await call('GET', surveyUrl(b.conversation.uuid))).json()).toMatchObject({ inbox_name: b.inbox.name, csat_survey_response: null });
    expect(await responsesOf(b.conversation.id)).toHaveLength(0);
  });
});

describe('the public client API answering the input_csat message', () => {
  it('PATCH …/messages/{survey} with submitted_values.csat_survey_response writes the same response', async () => {
    const { conversation, survey } = await surveyed();
    const [channel] = await t.db
      .select({ identifier: schema.channels.identifier })
      .from(schema.inboxes)
      .innerJoin(schema.channels, eq(schema.channels.id, schema.inboxes.channelId))
      .where(eq(schema.inboxes.id, conversation.inboxId));
    const [contactInbox] = await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.id, conversation.contactInboxId!));
    const url = `/public/api/v1/inboxes/${channel!.identifier}/contacts/${contactInbox!.sourceId}/conversations/${conversation.displayId}/messages/${survey.id}`;

    const bad = await call('PATCH', url, {}, { submitted_values: { csat_survey_response: { rating: 9 } } });
    expect(bad.statusCode).toBe(422);
    expect(await responsesOf(conversation.id)).toHaveLength(0);

    const res = await call('PATCH', url, {}, { submitted_values: { csat_survey_response: { rating: 3, feedback_message: 'ok' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content_attributes.submitted_values).toEqual({ csat_survey_response: { rating: 3, feedback_message: 'ok' } });
    expect(await responsesOf(conversation.id)).toMatchObject([{ rating: 3, feedbackMessage: 'ok', messageId: survey.id }]);
    expect((await call('GET', surveyUrl(conversation.uuid))).json().csat_survey_response).toEqual({ rating: 3, feedback_message: 'ok' });
    // one message.updated row for the change, not two
    const updated = await t.db
      .select()
      .from(schema.outboxEvents)
      .where(and(eq(schema.outboxEvents.name, 'message.updated'), eq(schema.outboxEvents.accountId, conversation.accountId), isNull(schema.outboxEvents.dispatchedAt)));
    expect(updated).toHaveLength(1);
  });
});
