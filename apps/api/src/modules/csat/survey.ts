import { and, desc, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { csatSurveyPath } from '@app/shared/csat';
import type { Services } from '../../lib/context.ts';
import { announce } from '../../lib/events.ts';
import type { AfterCommit, RelayedEvent } from '../../jobs/outbox-relay.ts';
import { applyCsatRollups, csatSentFact } from '../reporting-events/csat-rollups.ts';
import { createAutomatedMessage, type MessageRow } from '../messages/service.ts';

const { conversations, inboxes, channels, messages } = schema;

/** The survey's line when the inbox keeps none of its own (csat_config.message). */
export const DEFAULT_SURVEY_MESSAGE = 'Thanks for talking with us! Could you take a moment to tell us how we did?';

/** The web widget shows the survey inline; every other channel gets the public page's address. */
const WIDGET = 'Channel::WebWidget';

/** The text of the survey message: the inbox's own line or ours, and the page's link where there is no widget. */
export function surveyContent(config: Record<string, unknown>, channelType: string, link: string): string {
  const custom = typeof config.message === 'string' ? config.message.trim() : '';
  const line = custom || DEFAULT_SURVEY_MESSAGE;
  return channelType === WIDGET ? line : `${line}\n${link}`;
}

/** The conversation's survey message (the latest input_csat one), if it was ever sent. */
export async function findSurveyMessage(db: Executor, conversationId: number): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.contentType, 'input_csat')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return (row as MessageRow | undefined) ?? null;
}

/**
 * Sends the CSAT survey of a conversation that resolved, inside the relay's transaction. Once per
 * conversation: a conversation that already has a survey message gets none again (a later resolve, or
 * the relay handling the same row twice). The conversation row is locked first, so two relays handling
 * two resolves of one conversation at once send one survey. The conversation must still be resolved
 * (a resolve undone before the relay ran sends nothing) and its inbox must have the survey on. Answers
 * the after-commit announcement of the new message, or nothing.
 */
export async function sendSurveyOnResolve(tx: Executor, services: Services, relayed: RelayedEvent): Promise<AfterCommit | undefined> {
  const { event, resend, row } = relayed;
  if (resend || event.name !== 'conversation.status_changed') return undefined;
  const conversationId = row.subject.conversationId;
  if (!conversationId || (event.data as { status?: string }).status !== 'resolved') return undefined;

  // Only inboxes with the survey on go further, so a resolve elsewhere never locks its conversation here.
  const [inbox] = await tx
    .select({ enabled: inboxes.csatSurveyEnabled, config: inboxes.csatConfig, channelType: channels.channelType })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.id, row.inboxId ?? 0), eq(inboxes.accountId, row.accountId)));
  if (!inbox?.enabled) return undefined;
  // Locked: two relays resolving the same conversation at once send one survey.
  const [conversation] = await tx
    .select({ id: conversations.id, uuid: conversations.uuid, status: conversations.status, accountId: conversations.accountId, inboxId: conversations.inboxId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, row.accountId)))
    .for('no key update');
  if (!conversation || conversation.status !== 'resolved') return undefined;
  if (await findSurveyMessage(tx, conversation.id)) return undefined;

  const link = `${services.config.frontendUrl}${csatSurveyPath(conversation.uuid)}`;
  const { row: message, entry } = await createAutomatedMessage(tx, {
    accountId: conversation.accountId,
    inboxId: conversation.inboxId,
    conversationId: conversation.id,
    content: surveyContent(inbox.config, inbox.channelType, link),
    contentType: 'input_csat',
  });
  await applyCsatRollups(tx, conversation.accountId, [csatSentFact({ accountId: conversation.accountId, inboxId: conversation.inboxId, createdAt: message.createdAt })]);
  return () => announce(services, [entry]);
}
