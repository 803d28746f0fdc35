import { integer, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

// Function declarations, not arrow constants: accounts.ts imports these and this file imports accounts (for the
// tenant column's reference, read lazily), so they must exist before either module's body runs, whichever loads first.

/** Integer identity ids: Chatwoot integrations expect numeric ids. */
export function id() {
  return integer().primaryKey().generatedAlwaysAsIdentity();
}

/** The tenant column: every account-owned row goes when its account does. */
export function accountId() {
  return integer()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
}

export function createdAt() {
  return timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
}

export function updatedAt() {
  return timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}

export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}
