import { count, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { AUDIT_LOGS_PER_PAGE } from '@app/shared/constants';
import type { AuditAction, AuditableType } from '@app/shared/audit-logs';
import type { AccountCtx, Actor, RequestMeta } from '../../lib/context.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { auditNames } from './names.ts';
import { serializeAuditLog } from './serializers.ts';

export type AuditEntry = {
  accountId: number;
  actor: Actor | null;
  action: AuditAction;
  auditableType: AuditableType;
  auditableId: number | null;
  associatedType?: string;
  associatedId?: number;
  changes?: Record<string, unknown>;
  meta: RequestMeta;
};

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLogs).values({
    accountId: entry.accountId,
    userId: entry.actor?.id ?? null,
    username: entry.actor?.email ?? null,
    action: entry.action,
    auditableType: entry.auditableType,
    auditableId: entry.auditableId,
    associatedType: entry.associatedType ?? null,
    associatedId: entry.associatedId ?? null,
    auditedChanges: entry.changes ?? {},
    remoteAddress: entry.meta.ip,
    requestId: entry.meta.requestId,
  });
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Only the fields whose value changed, as snake_case [before, after] pairs (Chatwoot's audited_changes). */
export function changesBetween<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && JSON.stringify(before[key]) !== JSON.stringify(value)) changes[snakeCase(key)] = [before[key], value];
  }
  return changes;
}

const { auditLogs } = schema;

/**
 * A page of the account's log, newest first, spelled as audit_logs_account_created_idx is built (DESC NULLS LAST):
 * a plain DESC means NULLS FIRST, which Postgres does not read from that index, and sorted every entry instead.
 */
export function auditLogPage(db: Executor, accountId: number, page: number) {
  return db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.accountId, accountId))
    .orderBy(sql`${auditLogs.createdAt} desc nulls last`, sql`${auditLogs.id} desc nulls last`)
    .limit(AUDIT_LOGS_PER_PAGE)
    .offset(pageWindow(page, AUDIT_LOGS_PER_PAGE).offset);
}

export async function listAuditLogs(ctx: AccountCtx, input: { page: number }) {
  const [rows, [total]] = await Promise.all([
    auditLogPage(ctx.db, ctx.accountId, input.page),
    ctx.db.select({ value: count() }).from(auditLogs).where(eq(auditLogs.accountId, ctx.accountId)),
  ]);
  const names = await auditNames(ctx.db, ctx.accountId, rows);
  return {
    audit_logs: rows.map((row) => serializeAuditLog(row, names)),
    total_entries: total?.value ?? 0,
    per_page: AUDIT_LOGS_PER_PAGE,
    current_page: input.page,
  };
}
