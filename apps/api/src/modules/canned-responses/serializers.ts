import type { CannedResponse } from '@app/shared/canned-responses';
import type { CannedResponseRow } from './queries.ts';

export function serializeCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    account_id: row.accountId,
    short_code: row.shortCode,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
