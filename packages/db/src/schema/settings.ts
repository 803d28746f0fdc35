import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ATTRIBUTE_DISPLAY_TYPES, ATTRIBUTE_MODELS, CUSTOM_FILTER_TYPES } from '@app/shared/constants';
import { accountId, createdAt, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';

export const attributeModel = pgEnum('attribute_model', ATTRIBUTE_MODELS);
export const attributeDisplayType = pgEnum('attribute_display_type', ATTRIBUTE_DISPLAY_TYPES);
export const customFilterType = pgEnum('custom_filter_type', CUSTOM_FILTER_TYPES);


/** Conversations and contacts reference labels by their (lowercase) title, as Chatwoot does. */
export const labels = pgTable(
  'labels',
  {
    id: id(),
    accountId: accountId(),
    title: text().notNull(),
    description: text(),
    color: text().notNull().default('#1f93ff'),
    showOnSidebar: boolean().notNull().default(true),
    ...timestamps(),
  },
  // label list of an account, and the uniqueness of a title within it
  (t) => [uniqueIndex('labels_account_title_key').on(t.accountId, sql`lower(${t.title})`)],
);

export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: id(),
    accountId: accountId(),
    shortCode: text().notNull(),
    content: text().notNull(),
    ...timestamps(),
  },
  // short codes are unique per account; `?search=` scans one account's rows
  (t) => [uniqueIndex('canned_responses_account_short_code_key').on(t.accountId, sql`lower(${t.shortCode})`)],
);

export const customAttributeDefinitions = pgTable(
  'custom_attribute_definitions',
  {
    id: id(),
    accountId: accountId(),
    attributeDisplayName: text().notNull(),
    attributeKey: text().notNull(),
    attributeModel: attributeModel().notNull(),
    attributeDisplayType: attributeDisplayType().notNull().default('text'),
    attributeDescription: text(),
    attributeValues: jsonb().$type<string[]>().notNull().default([]),
    regexPattern: text(),
    regexCue: text(),
    defaultValue: text(),
    ...timestamps(),
  },
  // keys are unique per model within an account; lists filter by model
  (t) => [uniqueIndex('custom_attribute_definitions_key').on(t.accountId, t.attributeModel, t.attributeKey)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    accountId: accountId(),
    name: text().notNull(),
    description: text(),
    allowAutoAssign: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('teams_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // members of a team; the teams of a user (is_member, assignment)
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/** Saved conversation folders and contact segments; they belong to the user who saved them. */
export const customFilters = pgTable(
  'custom_filters',
  {
    id: id(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    filterType: customFilterType().notNull().default('conversation'),
    query: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps(),
  },
  // GET custom_filters?filter_type= lists one user's filters of one type in an account
  (t) => [index('custom_filters_account_user_type_idx').on(t.accountId, t.userId, t.filterType)],
);
