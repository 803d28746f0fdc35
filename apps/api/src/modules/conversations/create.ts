import type { CreateConversationBody } from '@app/shared/conversations';
import type { CONVERSATION_EVENTS } from '@app/shared/events';
import { invalid } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { findContactInboxBySource, resolveContactInbox } from '../contacts/service.ts';
import { assignableAmong, visibleInboxIds } from '../inbox-members/service.ts';
import { announce, recordEvents } from '../../lib/events.ts';
import { createMessage } from '../messages/service.ts';
import { autoAssign } from './auto-assign.ts';
import { conversationEntries } from './events.ts';
import { contactExists, findInboxRow, findTeamRow, insertConversation, nextDisplayId } from './queries.ts';
import { presentConversationById } from './present.ts';

type EventName = (typeof CONVERSATION_EVENTS)[number];

function snoozeTime(value: number | string): Date {
  const at = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (at.getTime() <= Date.now()) throw invalid('snoozed_until', 'must be in the future');
  return at;
}

/**
 * POST conversations: for an existing contact inbox (`source_id`) or an inbox and a contact (the
 * contact inbox is made when missing). An inbox with an agent bot starts conversations pending; an
 * open, unassigned conversation of an auto-assigning inbox goes to the next online member.
 */
export async function createConversation(ctx: AccountCtx, input: CreateConversationBody) {
  const visible = await visibleInboxIds(ctx);
  const { row, message, entries } = await ctx.db.transaction(async (tx) => {
    let inboxId = input.inbox_id;
    let contactId = input.contact_id;
    let contactInboxId: number;
    if (input.source_id) {
      const contactInbox = await findContactInboxBySource(tx, { accountId: ctx.accountId, inboxId, sourceId: input.source_id });
      if (!contactInbox) throw invalid('source_id', 'does not match a contact of this inbox');
      if (contactId !== undefined && contactInbox.contactId !== contactId) throw invalid('contact_id', 'does not match the source_id');
      ({ inboxId, contactId } = contactInbox);
      contactInboxId = contactInbox.id;
    } else {
      if (!inboxId) throw invalid('inbox_id', 'must be given (or a source_id)');
      if (!contactId) throw invalid('contact_id', 'must be given (or a source_id)');
      if (!(await contactExists(tx, ctx.accountId, contactId))) throw invalid('contact_id', 'is not a contact of this account');
    }
    const found = await findInboxRow(tx, ctx.accountId, inboxId!);
    if (!found || (visible && !visible.includes(found.inbox.id))) throw invalid('inbox_id', 'is not an inbox you work in');
    if (!input.source_id) {
      contactInboxId = (await resolveContactInbox(tx, { accountId: ctx.accountId, inboxId: found.inbox.id, contactId: contactId! })).id;
    }
    if (input.assignee_id && (await assignableAmong(tx, ctx.accountId, found.inbox.id, [input.assignee_id])).length === 0) {
      throw invalid('assignee_id', 'must be a member of the inbox');
    }
    if (input.team_id && !(await findTeamRow(tx, ctx.accountId, input.team_id))) throw invalid('team_id', 'is not a team of this account');
    if (input.snoozed_until && input.status !== 'snoozed') throw invalid('snoozed_until', 'is only allowed with status snoozed');

    const status = input.status ?? (found.inbox.agentBotId ? 'pending' : 'open');
    const additional = { ...input.additional_attributes };
    let row = await insertConversation(tx, {
      accountId: ctx.accountId,
      displayId: await nextDisplayId(tx, ctx.accountId),
      inboxId: found.inbox.id,
      contactId: contactId!,
      contactInboxId: contactInboxId!,
      status,
      snoozedUntil: status === 'snoozed' && input.snoozed_until ? snoozeTime(input.snoozed_until) : null,
      assigneeId: input.assignee_id ?? null,
      teamId: input.team_id ?? null,
      additionalAttributes: additional,
      customAttributes: input.custom_attributes ?? {},
    });
    const events: EventName[] = ['conversation.created'];
    if (row.assigneeId) events.push('assignee.changed');
    else if (input.assignee_id === undefined && status === 'open' && found.inbox.enableAutoAssignment) {
      const assigneeId = await autoAssign(tx, row);
      if (assigneeId) {
        row = { ...row, assigneeId };
        events.push('assignee.changed');
      }
    }
    const content = input.message?.content?.trim();
    const files = input.message?.attachments ?? [];
    const message =
      content || files.length || input.message?.template_params
        ? await createMessage(ctx, row, { content: content ?? null, template_params: input.message?.template_params, attachments: files }, tx)
        : null;
    // the message's entries first: screens hear of it before the conversation, as the outbox has them
    const entries = [...(message?.entries ?? []), ...(await recordEvents(tx, conversationEntries(row, events, ctx.actor.id || undefined)))];
    return { row, message, entries };
  });
  const presented = await presentConversationById(ctx, row.id);
  await announce(ctx, entries, [...(message?.known ?? []), { kind: 'conversation', accountId: row.accountId, id: row.id, value: presented }]);
  return presented;
}
