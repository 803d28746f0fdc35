import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditLogListSchema } from '@app/shared/audit-logs';
import { api } from '../../lib/api-client.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';

/** Query keys of the audit-logs feature. */
export const auditLogKeys = {
  all: ['audit-logs'] as const,
  page: (accountId: number, page: number) => [...auditLogKeys.all, accountId, 'page', page] as const,
};

/** GET audit_logs?page=N (001 section 7): 15 entries a page, newest first, with total_entries, per_page and current_page. */
export function useAuditLogs(accountId: number, page: number) {
  return useQuery({
    queryKey: auditLogKeys.page(accountId, page),
    queryFn: ({ signal }) => api(`/api/v1/accounts/${accountId}/audit_logs?page=${page}`, { schema: AuditLogListSchema, signal }),
    // The table stays while the next page loads, instead of flashing the loading state.
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}
