import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';
import { inboxes } from './inboxes.ts';


/** A frame shown beside conversations (Chatwoot's dashboard app): `content` is `[{type: 'frame', url}]`. */
export const dashboardApps = pgTable(
  'dashboard_apps',
  {
    id: id(),
    accountId: accountId(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    content: jsonb().$type<{ type: 'frame'; url: string }[]>().notNull(),
    ...timestamps(),
  },
  // the account's apps by id (list, and the conversation tabs)
  (t) => [index('dashboard_apps_account_idx').on(t.accountId, t.id)],
);

/**
 * A connected integration (Chatwoot's `integrations_hooks`): an app of the catalogue with its settings, for
 * the account or one inbox. Settings and the provider's access token are sealed (AES-256-GCM under
 * SECRET_KEY_BASE): they hold API keys.
 */
export const integrationHooks = pgTable(
  'integration_hooks',
  {
    id: id(),
    accountId: accountId(),
    appId: text().notNull(),
    inboxId: integer().references(() => inboxes.id, { onDelete: 'cascade' }),
    status: integer().notNull().default(1),
    hookType: text().$type<'account' | 'inbox'>().notNull().default('account'),
    referenceId: text(),
    settingsSealed: text().notNull(),
    accessTokenSealed: text(),
    ...timestamps(),
  },
  (t) => [
    // the account's hooks of an app (apps list, one-per-account check)
    index('integration_hooks_account_app_idx').on(t.accountId, t.appId),
    // an inbox has one hook of an app
    uniqueIndex('integration_hooks_inbox_app_key').on(t.inboxId, t.appId).where(sql`${t.inboxId} is not null`),
  ],
);
