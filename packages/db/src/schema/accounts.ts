import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomRolePermission } from '@app/shared/constants';
import { accountId, id, timestamps } from './_columns.ts';
import { accountRole, accountStatus, availability } from './enums.ts';

export const accounts = pgTable('accounts', {
  id: id(),
  name: text().notNull(),
  locale: text().notNull().default('en'),
  domain: text(),
  supportEmail: text(),
  status: accountStatus().notNull().default('active'),
  /** Feature flag map (FEATURE_FLAGS); flags absent here take their default. */
  features: jsonb().$type<Record<string, boolean>>().notNull().default({}),
  customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** Allowed counts by limit name (conversation, non_web_inboxes); absent means unlimited. */
  limits: jsonb().$type<Record<string, number>>().notNull().default({}),
  /** Epoch milliseconds of the last change to labels, inboxes and teams (dashboard cache keys). */
  cacheKeys: jsonb().$type<{ label: number; inbox: number; team: number }>(),
  ...timestamps(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    displayName: text(),
    email: text().notNull(),
    /** argon2id hash; null until an invited user sets a password. */
    passwordHash: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    /** Null for ordinary users; 'SuperAdmin' for the installation's operators. */
    type: text().$type<'SuperAdmin'>(),
    pubsubToken: text().notNull(),
    uiSettings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    messageSignature: text(),
    phoneNumber: text(),
    avatarKey: text(),
    customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    // sign-in and invitations look users up by case-folded email
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_pubsub_token_key').on(t.pubsubToken),
  ],
);

export const customRoles = pgTable(
  'custom_roles',
  {
    id: id(),
    accountId: accountId(),
    name: text().notNull(),
    description: text(),
    permissions: text().array().$type<CustomRolePermission[]>().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('custom_roles_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const accountUsers = pgTable(
  'account_users',
  {
    id: id(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: accountRole().notNull().default('agent'),
    customRoleId: integer().references(() => customRoles.id, { onDelete: 'set null' }),
    inviterId: integer().references(() => users.id, { onDelete: 'set null' }),
    availability: availability().notNull().default('online'),
    autoOffline: boolean().notNull().default(true),
    /** The account with the latest active_at is the user's active account. */
    activeAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // membership check on every account route
    uniqueIndex('account_users_account_user_key').on(t.accountId, t.userId),
    // the current-user payload lists a user's accounts
    index('account_users_user_idx').on(t.userId),
    index('account_users_custom_role_idx').on(t.customRoleId),
  ],
);
