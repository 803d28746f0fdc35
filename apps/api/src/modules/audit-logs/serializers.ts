import type { z } from 'zod';
import type { schema } from '@app/db';
import type { AuditLogSchema } from '@app/shared/audit-logs';
import { auditableKey, type AuditNames } from './names.ts';

type Row = typeof schema.auditLogs.$inferSelect;

export function serializeAuditLog(row: Row, names?: AuditNames): z.infer<typeof AuditLogSchema> {
  return {
    id: row.id,
    account_id: row.accountId,
    auditable_id: row.auditableId,
    auditable_type: row.auditableType,
    associated_id: row.associatedId,
    associated_type: row.associatedType,
    auditable_name: (row.auditableId !== null ? names?.auditables.get(auditableKey(row.auditableType, row.auditableId)) : undefined) ?? null,
    user_id: row.userId,
    user_type: row.userId ? 'User' : null,
    username: row.username,
    user_name: (row.userId !== null ? names?.users.get(row.userId) : undefined) ?? null,
    action: row.action,
    audited_changes: row.auditedChanges,
    remote_address: row.remoteAddress,
    request_uuid: row.requestId,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}
