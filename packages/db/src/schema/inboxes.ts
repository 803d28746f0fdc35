import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AGENT_BOT_TYPES, CHANNEL_TYPES, SENDER_NAME_TYPES } from '@app/shared/constants';
import { accountId, createdAt, id, timestamps } from './_columns.ts';
import { accounts, users } from './accounts.ts';

export const channelType = pgEnum('channel_type', CHANNEL_TYPES);
export const senderNameType = pgEnum('sender_name_type', SENDER_NAME_TYPES);
export const agentBotType = pgEnum('agent_bot_type', AGENT_BOT_TYPES);


/** Working hours of one weekday (0 = Sunday), Chatwoot's shape. */
export type WorkingHour = {
  day_of_week: number;
  closed_all_day: boolean;
  open_all_day: boolean;
  open_hour: number | null;
  open_minutes: number | null;
  close_hour: number | null;
  close_minutes: number | null;
};

/**
 * Bots that answer conversations through a webhook (`outgoing_url`). System bots have no account and
 * are offered to every account; their access tokens live in access_tokens (owner agent_bot).
 */
export const agentBots = pgTable(
  'agent_bots',
  {
    id: id(),
    accountId: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    outgoingUrl: text(),
    botType: agentBotType().notNull().default('webhook'),
    botConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    avatarKey: text(),
    ...timestamps(),
  },
  // an account's bots (and the system bots, account_id null)
  (t) => [index('agent_bots_account_idx').on(t.accountId)],
);

/**
 * The provider side of an inbox. Fields shown to clients live in `settings`; credentials (API keys,
 * tokens, HMAC secrets) are sealed with AES-256-GCM under SECRET_KEY_BASE in `secrets`. The indexed
 * columns are what inbound traffic looks a channel up by.
 */
export const channels = pgTable(
  'channels',
  {
    id: id(),
    accountId: accountId(),
    channelType: channelType().notNull(),
    /** whatsapp_cloud | default (360dialog-style) for WhatsApp; twilio | bandwidth for SMS; google | microsoft | other for email. */
    provider: text(),
    /** sms | whatsapp for Twilio channels. */
    medium: text(),
    /** E.164 number of SMS, Twilio and WhatsApp channels. */
    phoneNumber: text(),
    /** Public identifier in URLs: the API channel's inbox_identifier, the web widget's website_token. */
    identifier: text(),
    /** The provider's id for the channel: Facebook page id, Line channel id, email address, Twilio account SID, WhatsApp phone_number_id. */
    externalId: text(),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    secrets: text(),
    reauthorizationRequired: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // public client API and widget look the channel up by its identifier
    uniqueIndex('channels_identifier_key').on(t.identifier),
    // inbound webhooks find their channel by the provider's id or the phone number
    index('channels_type_external_id_idx').on(t.channelType, t.externalId),
    index('channels_type_phone_number_idx').on(t.channelType, t.phoneNumber),
  ],
);

export const inboxes = pgTable(
  'inboxes',
  {
    id: id(),
    accountId: accountId(),
    channelId: integer()
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    avatarKey: text(),
    greetingEnabled: boolean().notNull().default(false),
    greetingMessage: text(),
    enableEmailCollect: boolean().notNull().default(true),
    csatSurveyEnabled: boolean().notNull().default(false),
    csatConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    enableAutoAssignment: boolean().notNull().default(true),
    autoAssignmentConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    workingHoursEnabled: boolean().notNull().default(false),
    workingHours: jsonb().$type<WorkingHour[]>().notNull().default([]),
    outOfOfficeMessage: text(),
    timezone: text().notNull().default('UTC'),
    allowMessagesAfterResolved: boolean().notNull().default(true),
    lockToSingleConversation: boolean().notNull().default(false),
    senderNameType: senderNameType().notNull().default('friendly'),
    businessName: text(),
    portalId: integer(),
    agentBotId: integer().references(() => agentBots.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // the inbox list of an account
    index('inboxes_account_idx').on(t.accountId),
    uniqueIndex('inboxes_channel_key').on(t.channelId),
    // which inboxes a bot answers (set_agent_bot, bot deletion)
    index('inboxes_agent_bot_idx').on(t.agentBotId),
  ],
);

/**
 * Who works an inbox. Agents see only their inboxes' conversations; a checker's checker_inbox list is
 * the inboxes they are members of; `isLeader` gives the leader_inbox list; `canViewData` the members
 * allowed to see the inbox's payment data (view_data_ids).
 */
export const inboxMembers = pgTable(
  'inbox_members',
  {
    accountId: accountId(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLeader: boolean().notNull().default(false),
    canViewData: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inboxId, t.userId] }),
    // a user's inboxes in an account: visibility on every conversation list, leader and checker lists
    index('inbox_members_account_user_idx').on(t.accountId, t.userId),
  ],
);

/** Counter behind each account's conversation display ids (1, 2, 3… per account, as Chatwoot numbers them). */
export const conversationDisplayIds = pgTable('conversation_display_ids', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lastValue: integer().notNull().default(0),
});
