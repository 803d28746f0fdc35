import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountId, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';
import { contacts } from './conversations.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A note an agent wrote on a contact's profile; it survives its author (user set null). */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: id(),
    accountId: accountId(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    // a contact's notes, newest first
    index('contact_notes_contact_idx').on(t.contactId, t.createdAt.desc()),
  ],
);

/** The life of a contact import or export job. */
export type ContactJobStatus = 'queued' | 'running' | 'completed' | 'failed';

/** One refused row of a contact import: its line in the file, the values read and why (attribute → message). */
export type ContactImportRowError = { row: number; values: Record<string, string>; errors: Record<string, string> };

/**
 * A CSV of contacts an administrator uploaded (`POST contacts/import`), upserted by email, phone number or
 * identifier by the `imports` queue. The file waits in storage under `fileKey`; the per-row error report is
 * written next to it (`errorReportKey`) when some rows were refused.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: id(),
    accountId: accountId(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    fileKey: text().notNull(),
    fileName: text(),
    status: text().$type<ContactJobStatus>().notNull().default('queued'),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    /** The first refused rows, for the dialog; the whole list is in the error report file. */
    rowErrors: jsonb().$type<ContactImportRowError[]>().notNull().default([]),
    errorReportKey: text(),
    /** Why the whole file was refused (not a CSV, no usable column, broken quoting): then nothing was imported. */
    error: text(),
    /** A running job's claim; a worker that died lets it go when the lease expires. */
    leaseUntil: at(),
    startedAt: at(),
    finishedAt: at(),
    ...timestamps(),
  },
  (t) => [
    index('contact_imports_account_idx').on(t.accountId, t.id.desc()),
    index('contact_imports_pending_idx').on(t.status, t.leaseUntil).where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

/**
 * A contacts CSV export (`POST contacts/export`): every contact or those of a filter, label or search, written to
 * storage under `fileKey` by a job, then offered as a download link (and mailed to the requester).
 */
export const contactExports = pgTable(
  'contact_exports',
  {
    id: id(),
    accountId: accountId(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<ContactJobStatus>().notNull().default('queued'),
    /** What to export: `{ payload?: filter rows, label?: string, q?: string }`; empty means every contact. */
    query: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    columnNames: text().array().notNull().default(sql`'{}'::text[]`),
    rowCount: integer().notNull().default(0),
    fileKey: text(),
    error: text(),
    leaseUntil: at(),
    startedAt: at(),
    finishedAt: at(),
    ...timestamps(),
  },
  (t) => [
    index('contact_exports_account_idx').on(t.accountId, t.id.desc()),
    index('contact_exports_pending_idx').on(t.status, t.leaseUntil).where(sql`${t.status} IN ('queued', 'running')`),
  ],
);
