import { and, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { CSAT_FEEDBACK_MAX_LENGTH, CSAT_RESPONSE_EDIT_WINDOW_DAYS, type PublicCsatSurvey } from '@app/shared/csat';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/context.ts';
import { announce, recordEvents, type EventEntry } from '../../lib/events.ts';
import { applyCsatRollups, csatResponseFact } from '../reporting-events/csat-rollups.ts';
import { messageEntry, type MessageRow } from '../messages/service.ts';
import { findSurveyMessage } from './survey.ts';

const { conversations, inboxes, accounts, messages, csatSurveyResponses } = schema;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the customer may still change their answer: CSAT_RESPONSE_EDIT_WINDOW_DAYS after the survey was sent. */
export const surveyEditable = (sentAt: Date, now = new Date()): boolean => now.getTime() < sentAt.getTime() + CSAT_RESPONSE_EDIT_WINDOW_DAYS * DAY_MS;

/** 422 once the window is over: the answer stays as it was. */
export const surveyExpired = () =>
  new AppError('validation_failed', `Csat survey response can no longer be changed (${CSAT_RESPONSE_EDIT_WINDOW_DAYS} days after the survey)`, {
    fields: { csat_survey_response: ['has expired'] },
  });

const responseFactColumns = {
  accountId: csatSurveyResponses.accountId,
  rating: csatSurveyResponses.rating,
  createdAt: csatSurveyResponses.createdAt,
  inboxId: csatSurveyResponses.inboxId,
  teamId: csatSurveyResponses.teamId,
  assignedAgentId: csatSurveyResponses.assignedAgentId,
};

type SurveyConversation = Pick<typeof conversations.$inferSelect, 'id' | 'accountId' | 'displayId' | 'inboxId' | 'teamId' | 'assigneeId' | 'contactId'>;
const conversationColumns = {
  id: conversations.id,
  accountId: conversations.accountId,
  displayId: conversations.displayId,
  inboxId: conversations.inboxId,
  teamId: conversations.teamId,
  assigneeId: conversations.assigneeId,
  contactId: conversations.contactId,
};

/** A conversation by its uuid (the public page's only key), locked when `lock`. */
async function conversationByUuid(db: Executor, uuid: string, lock = false): Promise<SurveyConversation | null> {
  const query = db.select(conversationColumns).from(conversations).where(eq(conversations.uuid, uuid)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export type CsatAnswer = { rating: number; feedback_message?: string | null | undefined };

/**
 * Writes THE response of a conversation (one per conversation: a second answer changes the first) from the
 * survey message, with the conversation's inbox, team, assignee and contact as they are now, and keeps the
 * answer on the message (content_attributes.submitted_values, as Chatwoot does) with its message.updated
 * outbox row. In the caller's transaction, the conversation locked. 422 once the edit window is over.
 * Answers the updated message row and the entries to announce after the commit.
 */
export async function recordCsatAnswer(
  tx: Executor,
  conversation: SurveyConversation,
  survey: MessageRow,
  answer: CsatAnswer,
  options: { now?: Date; recordUpdate?: boolean } = {},
): Promise<{ row: MessageRow; entries: EventEntry[] }> {
  const { now = new Date(), recordUpdate = true } = options;
  if (!surveyEditable(survey.createdAt, now)) throw surveyExpired();
  const feedback = answer.feedback_message?.trim() || null;
  const values = {
    accountId: conversation.accountId,
    conversationId: conversation.id,
    messageId: survey.id,
    contactId: conversation.contactId,
    inboxId: conversation.inboxId,
    teamId: conversation.teamId,
    assignedAgentId: conversation.assigneeId,
    rating: answer.rating,
    feedbackMessage: feedback,
  };
  const { accountId: _a, conversationId: _c, ...changed } = values;
  // The conversation is locked: the answer read here is the one the upsert replaces.
  const [before] = await tx.select(responseFactColumns).from(csatSurveyResponses).where(eq(csatSurveyResponses.conversationId, conversation.id));
  const [after] = await tx
    .insert(csatSurveyResponses)
    .values(values)
    .onConflictDoUpdate({ target: csatSurveyResponses.conversationId, set: { ...changed, updatedAt: now } })
    .returning(responseFactColumns);
  // The CSAT rollups move with the answer: the old one taken back, the new one counted (docs/csat.md).
  await applyCsatRollups(tx, conversation.accountId, [...(before ? [csatResponseFact(before, -1)] : []), csatResponseFact(after!)]);
  const submitted = { csat_survey_response: { rating: answer.rating, feedback_message: feedback } };
  const [row] = await tx
    .update(messages)
    .set({ contentAttributes: sql`${messages.contentAttributes} || jsonb_build_object('submitted_values', ${JSON.stringify(submitted)}::jsonb)`, updatedAt: now })
    .where(eq(messages.id, survey.id))
    .returning();
  if (!recordUpdate) return { row: row as MessageRow, entries: [] };
  return { row: row as MessageRow, entries: await recordEvents(tx, [messageEntry(row as MessageRow, 'message.updated')], 'inbound') };
}

/** What the public page shows of a conversation whose survey was sent; 404 for an unknown uuid or no survey. */
async function surveyView(ctx: Ctx, db: Executor, conversation: SurveyConversation, survey: MessageRow): Promise<PublicCsatSurvey> {
  const [[place], [response]] = await Promise.all([
    db
      .select({ name: inboxes.name, avatarKey: inboxes.avatarKey, locale: accounts.locale })
      .from(inboxes)
      .innerJoin(accounts, eq(accounts.id, inboxes.accountId))
      .where(and(eq(inboxes.id, conversation.inboxId), eq(inboxes.accountId, conversation.accountId))),
    db
      .select({ rating: csatSurveyResponses.rating, feedback_message: csatSurveyResponses.feedbackMessage })
      .from(csatSurveyResponses)
      .where(eq(csatSurveyResponses.conversationId, conversation.id)),
  ]);
  return {
    conversation_id: conversation.displayId,
    inbox_name: place?.name ?? '',
    inbox_avatar_url: place?.avatarKey ? ctx.storage.url(place.avatarKey) : null,
    locale: place?.locale ?? 'en',
    csat_survey_response: response ?? null,
    editable: surveyEditable(survey.createdAt),
  };
}

/** GET /public/api/v1/csat_survey/{uuid}. */
export async function getPublicSurvey(ctx: Ctx, uuid: string): Promise<PublicCsatSurvey> {
  const conversation = await conversationByUuid(ctx.db, uuid);
  const survey = conversation && (await findSurveyMessage(ctx.db, conversation.id));
  if (!conversation || !survey) throw notFound();
  return surveyView(ctx, ctx.db, conversation, survey);
}

/** PUT/PATCH /public/api/v1/csat_survey/{uuid}: the customer's answer, or a change of it while editable. */
export async function answerPublicSurvey(ctx: Ctx, uuid: string, answer: CsatAnswer): Promise<PublicCsatSurvey> {
  const { conversation, row, entries } = await ctx.db.transaction(async (tx) => {
    const conversation = await conversationByUuid(tx, uuid, true);
    const survey = conversation && (await findSurveyMessage(tx, conversation.id));
    if (!conversation || !survey) throw notFound();
    return { conversation, ...(await recordCsatAnswer(tx, conversation, survey, answer)) };
  });
  await announce(ctx, entries);
  return surveyView(ctx, ctx.db, conversation, row);
}

/**
 * The public client API's answer to an input_csat message (PATCH …/messages/{id} with
 * submitted_values.csat_survey_response): the same response as the survey page writes. In the caller's
 * transaction; nothing when the values hold no rating. 422 for a rating outside 1..5 or after the window.
 */
export async function recordCsatFromMessage(tx: Executor, message: Pick<MessageRow, 'id' | 'conversationId' | 'contentType'>, submitted: unknown): Promise<MessageRow | null> {
  if (message.contentType !== 'input_csat' || !submitted || typeof submitted !== 'object' || Array.isArray(submitted)) return null;
  const response = (submitted as { csat_survey_response?: { rating?: unknown; feedback_message?: unknown } }).csat_survey_response;
  if (!response || typeof response !== 'object') return null;
  const rating = Number(response.rating);
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new AppError('validation_failed', 'Rating must be 1 to 5', { fields: { rating: ['must be 1 to 5'] } });
  }
  const feedback = typeof response.feedback_message === 'string' ? response.feedback_message : null;
  if (feedback && feedback.length > CSAT_FEEDBACK_MAX_LENGTH) {
    throw new AppError('validation_failed', `Feedback message is too long (maximum is ${CSAT_FEEDBACK_MAX_LENGTH} characters)`, {
      fields: { feedback_message: [`is too long (maximum is ${CSAT_FEEDBACK_MAX_LENGTH} characters)`] },
    });
  }
  const [conversation] = await tx.select(conversationColumns).from(conversations).where(eq(conversations.id, message.conversationId)).for('update');
  const survey = await findSurveyMessage(tx, message.conversationId);
  if (!conversation || !survey) return null;
  // the caller recorded the message's update already
  return (await recordCsatAnswer(tx, conversation, survey, { rating, feedback_message: feedback }, { recordUpdate: false })).row;
}
