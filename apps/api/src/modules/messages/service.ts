// The messages module's surface: the route verbs, and what the conversations module builds on.
//
//   createMessage(ctx, conversation, input, tx?)  → CreatedMessage, with the entries to announce   (create.ts)
//   createActivityMessage(tx, { accountId, inboxId, conversationId, content }) → { row, entry }
//   createAutomatedMessage(tx, { accountId, inboxId, conversationId, content, contentType }) → { row, entry }
//   messageEntry(row, name) → EventEntry; messagePresenters, registered from index.ts       (events.ts)
//   serializeMessages(ctx, rows) → Promise<Message[]>; presentMessagesByIds(ctx, ids)        (present.ts)
//
// The conversation list's summaries are in summaries.ts, a leaf the conversations module reads without
// reaching the verbs (messages sit below conversations: nothing here imports them but conversations/access.ts).
export { listMessages, postMessage, deleteMessage, updateMessageStatus, retryMessage, translateMessage, settleMessageDelivery, settleMessageDeliveryIn, NO_TRANSLATION_PROVIDER, type DeliveryOutcome } from './actions.ts';
export { createMessage, createActivityMessage, createAutomatedMessage, type CreateMessageInput, type CreatedMessage, type MessageConversation } from './create.ts';
export { settleMessageDeliveriesIn } from './actions.ts';
export { knownMessage, messageEntry } from './events.ts';
export { serializeMessages, presentMessagesByIds } from './present.ts';
export { findMessageById, findMessagesByIds, type MessageRow } from './queries/rows.ts';
