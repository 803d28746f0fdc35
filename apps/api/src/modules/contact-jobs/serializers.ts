import type { ContactExportJob, ContactImportJob } from '@app/shared/contact-jobs';
import type { ContactExportRow, ContactImportRow } from './queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const base = (accountId: number) => `/api/v1/accounts/${accountId}/contacts`;

export function serializeImportJob(row: ContactImportRow): ContactImportJob {
  return {
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.createdCount,
    updated: row.updatedCount,
    failed: row.failedCount,
    error: row.error,
    row_errors: row.rowErrors.map((e) => ({ row: e.row, errors: e.errors })),
    error_report_url: row.failedCount > 0 ? `${base(row.accountId)}/imports/${row.id}/errors` : null,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

export const exportDownloadPath = (row: Pick<ContactExportRow, 'accountId' | 'id'>) => `${base(row.accountId)}/exports/${row.id}/download`;

export function serializeExportJob(row: ContactExportRow): ContactExportJob {
  return {
    id: row.id,
    status: row.status,
    row_count: row.rowCount,
    download_url: row.status === 'completed' && row.fileKey ? exportDownloadPath(row) : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}
