import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, createdAt, id } from './_columns.ts';
import { users } from './accounts.ts';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    accountId: accountId(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the log still names the actor after the user is gone. */
    username: text(),
    action: text().notNull(),
    auditableType: text().notNull(),
    auditableId: integer(),
    associatedType: text(),
    associatedId: integer(),
    auditedChanges: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    remoteAddress: text(),
    requestId: text(),
    createdAt: createdAt(),
  },
  // GET audit_logs?page= lists an account's entries newest first
  (t) => [index('audit_logs_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc())],
);
