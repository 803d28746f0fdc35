import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ATTACHMENT_FILE_TYPES,
  CONVERSATION_PRIORITIES,
  CONVERSATION_STATUSES,
  MESSAGE_CONTENT_TYPES,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  SENDER_TYPES,
} from '@app/shared/constants';
import { accountId, createdAt, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';
import { inboxes } from './inboxes.ts';
import { teams } from './settings.ts';

export const conversationStatus = pgEnum('conversation_status', CONVERSATION_STATUSES);
/** Declared low → urgent, so ORDER BY priority follows the spec's priority map; none is NULL. */
export const conversationPriority = pgEnum('conversation_priority', CONVERSATION_PRIORITIES);
export const messageType = pgEnum('message_type', MESSAGE_TYPES);
export const messageStatus = pgEnum('message_status', MESSAGE_STATUSES);
export const messageContentType = pgEnum('message_content_type', MESSAGE_CONTENT_TYPES);
export const attachmentFileType = pgEnum('attachment_file_type', ATTACHMENT_FILE_TYPES);
export const senderType = pgEnum('sender_type', SENDER_TYPES);

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Contact search: the pattern (an ILIKE pattern) anywhere in the name, email, phone number or identifier. One
 * trigram index per column (contacts_*_trgm_idx), joined by a BitmapOr: a single index over the four columns glued
 * together made every pattern pay for trigrams that are common in one column only (the `000` of phone numbers in
 * `crm-120000`: 0.35 s at a million contacts instead of a few ms).
 */
export const contactSearchMatches = (t: { name: AnyPgColumn; email: AnyPgColumn; phoneNumber: AnyPgColumn; identifier: AnyPgColumn }, pattern: string) =>
  sql`(${t.name} ilike ${pattern} or ${t.email} ilike ${pattern} or ${t.phoneNumber} ilike ${pattern} or ${t.identifier} ilike ${pattern})`;

/** The contacts lists show (Chatwoot's resolved contacts, not being deleted): the predicate of the list indexes. */
export const listedContact = (t: { email: AnyPgColumn; phoneNumber: AnyPgColumn; identifier: AnyPgColumn; deletingAt: AnyPgColumn }) =>
  sql`(${t.email} <> '' or ${t.phoneNumber} <> '' or ${t.identifier} <> '') and ${t.deletingAt} is null`;

/**
 * Message search: content containing q. pg_trgm alone is slow for numbers, the thing payment teams search for most
 * (a UTR, an order or phone number): a digit trigram like `482` is in every message that holds a few numbers, so a
 * 12-digit UTR made the trigram index read hundreds of pages. For a q with a run of {@link DIGIT_GRAM} or more
 * digits, the match narrows on `digit_grams(content)` instead (migration 0019: every 6-digit window of the content's
 * digit runs, in a GIN index), since a content holding q holds each of q's windows; the ILIKE then confirms, over
 * `coalesce(content, '')` so that the planner does not also walk the trigram index for it. Any other q is the
 * trigram ILIKE.
 */
export const messageContentMatches = (content: AnyPgColumn | SQL, q: string) => {
  const pattern = likePattern(q);
  const grams = digitGrams(q);
  if (grams.length === 0) return sql`${content} ilike ${pattern}`;
  return sql`(digit_grams(${content}) @> ${sql.param(grams)}::text[] and coalesce(${content}, '') ilike ${pattern})`;
};

/** The length of the digit windows `digit_grams` indexes: 10^6 of them, so one is rare even in millions of messages. */
export const DIGIT_GRAM = 6;

/**
 * Windows of q's digit runs that a content containing q must hold: non-overlapping ones from each run's start, and
 * the run's last, so that every digit of the run is in one (a 12-digit UTR: two). Fewer keys than every window,
 * each as rare.
 */
export function digitGrams(q: string): string[] {
  const grams = new Set<string>();
  for (const [run] of q.matchAll(/[0-9]{6,}/g)) {
    for (let at = 0; at + DIGIT_GRAM <= run.length; at += DIGIT_GRAM) grams.add(run.slice(at, at + DIGIT_GRAM));
    grams.add(run.slice(-DIGIT_GRAM));
  }
  return [...grams];
}

/** LIKE's wildcards and its escape character, taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `%q%` for ILIKE: q anywhere, its own wildcards taken literally. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    accountId: accountId(),
    name: text().notNull().default(''),
    email: text(),
    phoneNumber: text(),
    identifier: text(),
    avatarKey: text(),
    blocked: boolean().notNull().default(false),
    /** Label titles, lowercase, as on conversations. */
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    additionalAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    lastActivityAt: at(),
    /** Set when DELETE contacts/{id} handed the contact to the delete job (many conversations): hidden from then on. */
    deletingAt: at(),
    /** An avatar_url given on create/update, waiting for the contacts:avatars job to fetch it (lib/safe-fetch guard). */
    avatarSourceUrl: text(),
    ...timestamps(),
  },
  (t) => [
    // email, identifier and phone number are unique within an account (contact create and inbound lookup)
    uniqueIndex('contacts_account_email_key').on(t.accountId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('contacts_account_identifier_key').on(t.accountId, t.identifier).where(sql`${t.identifier} is not null`),
    uniqueIndex('contacts_account_phone_key').on(t.accountId, t.phoneNumber).where(sql`${t.phoneNumber} is not null`),
    index('contacts_labels_idx').using('gin', t.labels),
    // The list sorts at 1M contacts (docs/contacts.md): ORDER BY <key> <dir> NULLS LAST, id; an index serves one
    // direction only (the id ties ascend either way), so each sort key has one a direction. All are partial over the
    // contacts the list shows (listedContact), so counting what a list or filter matches is an index-only scan.
    index('contacts_account_activity_idx').on(t.accountId, t.lastActivityAt.desc().nullsLast(), t.id).where(listedContact(t)),
    index('contacts_account_name_asc_idx').on(t.accountId, sql`lower(${t.name}) asc nulls last`, t.id).where(listedContact(t)),
    index('contacts_account_name_desc_idx').on(t.accountId, sql`lower(${t.name}) desc nulls last`, t.id).where(listedContact(t)),
    index('contacts_account_created_asc_idx').on(t.accountId, t.createdAt.asc().nullsLast(), t.id).where(listedContact(t)),
    index('contacts_account_created_desc_idx').on(t.accountId, t.createdAt.desc().nullsLast(), t.id).where(listedContact(t)),
    index('contacts_account_activity_asc_idx').on(t.accountId, t.lastActivityAt.asc().nullsLast(), t.id).where(listedContact(t)),
    index('contacts_account_email_asc_idx').on(t.accountId, sql`lower(${t.email}) asc nulls last`, t.id).where(listedContact(t)),
    index('contacts_account_email_desc_idx').on(t.accountId, sql`lower(${t.email}) desc nulls last`, t.id).where(listedContact(t)),
    index('contacts_account_phone_asc_idx').on(t.accountId, t.phoneNumber.asc().nullsLast(), t.id).where(listedContact(t)),
    index('contacts_account_phone_desc_idx').on(t.accountId, t.phoneNumber.desc().nullsLast(), t.id).where(listedContact(t)),
    // company, city and country: the ascending sorts, and the filters' equal_to on them (descending sorts of these
    // three are not index-served: docs/contacts.md)
    index('contacts_account_company_idx').on(t.accountId, sql`lower(${t.additionalAttributes} ->> 'company_name')`, t.id).where(listedContact(t)),
    index('contacts_account_city_idx').on(t.accountId, sql`lower(${t.additionalAttributes} ->> 'city')`, t.id).where(listedContact(t)),
    index('contacts_account_country_idx').on(t.accountId, sql`lower(${t.additionalAttributes} ->> 'country')`, t.id).where(listedContact(t)),
    // the contact filter's country_code (Chatwoot's country filter), alone or with a created_at range ("new this month")
    index('contacts_account_country_code_idx').on(t.accountId, sql`lower(${t.additionalAttributes} ->> 'country_code')`, t.createdAt).where(listedContact(t)),
    // the delete and avatar jobs find their work
    index('contacts_deleting_idx').on(t.deletingAt).where(sql`${t.deletingAt} is not null`),
    index('contacts_avatar_source_idx').on(t.id).where(sql`${t.avatarSourceUrl} is not null`),
    // conversation and contact search: substring match over each handle (pg_trgm), see contactSearchMatches
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('contacts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('contacts_phone_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
    index('contacts_identifier_trgm_idx').using('gin', sql`${t.identifier} gin_trgm_ops`),
  ],
);

/** A contact as known to one inbox: `sourceId` is the provider's id (phone, email, widget session...). */
export const contactInboxes = pgTable(
  'contact_inboxes',
  {
    id: id(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    sourceId: text().notNull(),
    hmacVerified: boolean().notNull().default(false),
    pubsubToken: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    // inbound traffic and `POST conversations {source_id}` find the contact of an inbox by source id
    uniqueIndex('contact_inboxes_inbox_source_key').on(t.inboxId, t.sourceId),
    index('contact_inboxes_contact_idx').on(t.contactId),
    uniqueIndex('contact_inboxes_pubsub_token_key').on(t.pubsubToken),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    accountId: accountId(),
    /** Per-account number the API addresses conversations by (Chatwoot's display_id). */
    displayId: integer().notNull(),
    uuid: text()
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactInboxId: integer().references(() => contactInboxes.id, { onDelete: 'set null' }),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    status: conversationStatus().notNull().default('open'),
    priority: conversationPriority(),
    snoozedUntil: at(),
    muted: boolean().notNull().default(false),
    /** Label titles, lowercase (Chatwoot's cached_label_list). */
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    additionalAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    firstReplyCreatedAt: at(),
    /** When the contact's oldest unanswered message arrived; null once an agent replied. */
    waitingSince: at(),
    lastActivityAt: at().notNull().defaultNow(),
    agentLastSeenAt: at(),
    assigneeLastSeenAt: at(),
    contactLastSeenAt: at(),
    identifier: text(),
    campaignId: integer(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('conversations_account_display_id_key').on(t.accountId, t.displayId),
    // default list: one account's conversations of a status, latest activity first. Migration 0020 adds
    // INCLUDE (priority, labels), which drizzle cannot declare: a priority filter's or a label's page of ids, index-only
    index('conversations_account_status_activity_idx').on(t.accountId, t.status, t.lastActivityAt.desc(), t.id.desc()),
    // an inbox's list (agents see their inboxes only) and its open/unresponded counts
    index('conversations_inbox_status_activity_idx').on(t.inboxId, t.status, t.lastActivityAt.desc(), t.id.desc()),
    // the "mine" and "assigned" tabs
    index('conversations_assignee_status_activity_idx').on(t.assigneeId, t.status, t.lastActivityAt.desc()).where(sql`${t.assigneeId} is not null`),
    // the "unassigned" tab
    index('conversations_unassigned_activity_idx').on(t.accountId, t.status, t.lastActivityAt.desc()).where(sql`${t.assigneeId} is null`),
    index('conversations_team_status_activity_idx').on(t.teamId, t.status, t.lastActivityAt.desc()).where(sql`${t.teamId} is not null`),
    // label filters (labels && array[...])
    index('conversations_labels_idx').using('gin', t.labels),
    // a contact's conversations
    index('conversations_contact_idx').on(t.contactId, t.lastActivityAt.desc()),
    // meta counts (mine / unassigned / all) as an index-only scan, also for agents limited to their inboxes
    // and for lists narrowed by team or priority. Migration 0024 adds INCLUDE (waiting_since), which drizzle cannot
    // declare: the sidebar's open and unresponded counts per inbox, index-only too
    index('conversations_counts_idx').on(t.accountId, t.status, t.inboxId, t.assigneeId, t.teamId, t.priority),
    // the snooze wake-up job
    index('conversations_snoozed_until_idx').on(t.snoozedUntil).where(sql`${t.status} = 'snoozed'`),
    // conversation summaries (and reports): an account's conversations created in a time range
    index('conversations_account_created_idx').on(t.accountId, t.createdAt),
    // the public CSAT survey page finds its conversation by uuid alone
    uniqueIndex('conversations_uuid_key').on(t.uuid),
    // the live overview's unattended counts (open and waiting for an agent reply), per assignee, index-only
    index('conversations_unattended_idx')
      .on(t.accountId, t.assigneeId)
      .where(sql`${t.status} = 'open' and (${t.firstReplyCreatedAt} is null or ${t.waitingSince} is not null)`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    accountId: accountId(),
    inboxId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    content: text(),
    contentType: messageContentType().notNull().default('text'),
    contentAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    messageType: messageType().notNull(),
    private: boolean().notNull().default(false),
    status: messageStatus().notNull().default('sent'),
    /** The provider's message id. */
    sourceId: text(),
    senderType: senderType(),
    senderId: integer(),
    /** Client-chosen idempotency key: a retried send with the same echo_id answers the first message. */
    echoId: text(),
    additionalAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    externalSourceIds: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    // a conversation's messages, paged by id (before/after)
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    // a conversation's unread count (the list's summaries): the contact's public messages newer than the agent's last
    // look, read from the index alone, so counting costs the unread messages rather than the whole conversation
    index('messages_unread_idx').on(t.conversationId, t.createdAt).where(sql`${t.messageType} = 'incoming' and ${t.private} = false`),
    uniqueIndex('messages_conversation_echo_id_key').on(t.conversationId, t.echoId).where(sql`${t.echoId} is not null`),
    // inbound de-duplication by provider id
    index('messages_inbox_source_id_idx').on(t.inboxId, t.sourceId).where(sql`${t.sourceId} is not null`),
    // conversation search: substring match over message content (pg_trgm), and the digit windows of its numbers
    // (migration 0019's digit_grams); see messageContentMatches
    index('messages_content_trgm_idx').using('gin', sql`${t.content} gin_trgm_ops`),
    index('messages_content_digits_idx').using('gin', sql`digit_grams(${t.content})`),
    // reports count an account's messages over time
    index('messages_account_created_idx').on(t.accountId, t.createdAt),
    // CSAT metrics count the surveys sent (input_csat messages) over time
    index('messages_csat_sent_idx').on(t.accountId, t.createdAt).where(sql`${t.contentType} = 'input_csat'`),
  ],
);

export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    accountId: accountId(),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileType: attachmentFileType().notNull().default('file'),
    storageKey: text(),
    externalUrl: text(),
    fileName: text(),
    contentType: text(),
    byteSize: integer(),
    coordinatesLat: text(),
    coordinatesLong: text(),
    fallbackTitle: text(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // a message's attachments
  (t) => [index('attachments_message_idx').on(t.messageId)],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    accountId: accountId(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // participants of a conversation; the "participating" list of a user
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_participants_user_idx').on(t.accountId, t.userId)],
);

/** An `@` mention of an agent in a private note; feeds the mentions list. */
export const mentions = pgTable(
  'mentions',
  {
    id: id(),
    accountId: accountId(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentionedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mentions_conversation_user_key').on(t.conversationId, t.userId),
    // the mentions list of a user, latest first
    index('mentions_account_user_idx').on(t.accountId, t.userId, t.mentionedAt.desc()),
  ],
);
