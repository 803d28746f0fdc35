import type { z } from 'zod';
import type { schema } from '@app/db';
import type { AuditLogSchema } from '@app/shared/audit-logs';

type Row = typeof schema.auditLogs.$inferSelect;

export function serializeAuditLog(row: Row): z.infer<typeof AuditLogSchema> {
  return {
    id: row.id,
    account_id: row.accountId,
    auditable_id: row.auditableId,
    auditable_type: row.auditableType,
    associated_id: row.associatedId,
    associated_type: row.associatedType,
    user_id: row.userId,
    user_type: row.userId ? 'User' : null,
    username: row.username,
    action: row.action,
    audited_changes: row.auditedChanges,
    remote_address: row.remoteAddress,
    request_uuid: row.requestId,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}
