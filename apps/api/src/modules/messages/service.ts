// The messages module's surface: the route verbs, and what the conversations module builds on.
//
//   createMessage(ctx, conversation, input, tx?)  → CreatedMessage   (create.ts)
//   createActivityMessage(tx, { accountId, inboxId, conversationId, content }) → MessageRow
//   createAutomatedMessage(tx, { accountId, inboxId, conversationId, content, contentType }) → MessageRow
//   publishMessageCreated(ctx, CreatedMessage | MessageRow) → Promise<void>   (after the commit)
//   publishMessageUpdated(ctx, Message) → void
//   serializeMessages(ctx, rows) → Promise<Message[]>                          (present.ts)
//   messageSummaries(db, accountId, conversations, storage?) → Promise<Map<conversationId, MessageSummary>>
//   summaryPickColumns(id, seen) → the picks as columns of a conversations query; summariesOfPicks(db, accountId, picks, storage?)
export { listMessages, postMessage, deleteMessage, updateMessageStatus, retryMessage, translateMessage, settleMessageDelivery, settleMessageDeliveryIn, NO_TRANSLATION_PROVIDER, type DeliveryOutcome } from './actions.ts';
export { createMessage, createActivityMessage, createAutomatedMessage, type CreateMessageInput, type CreatedMessage, type MessageConversation } from './create.ts';
export { settleMessageDeliveriesIn } from './actions.ts';
export { publishMessageCreated, publishMessageUpdated } from './events.ts';
export { serializeMessages, messageSummaries, summariesOfPicks, type MessageSummary } from './present.ts';
export { findMessageById, findMessagesByIds, type MessageRow } from './queries/rows.ts';
export { UNREAD_COUNT_CAP, summaryPickColumns, type SummaryPick } from './queries/summaries.ts';
