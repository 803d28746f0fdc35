import { z } from 'zod';
import { FilterRowSchema } from './custom-filters.ts';

/** A contact import or export job's life. */
export const CONTACT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** The CSV columns a contact import reads (header names, any case and order; unknown columns are custom attributes). */
export const CONTACT_IMPORT_COLUMNS = ['name', 'email', 'phone_number', 'identifier', 'company', 'city', 'country', 'labels'] as const;
/** The largest CSV an import takes: the upload limit of every multipart request (plugins/multipart.ts). */
export const CONTACT_IMPORT_MAX_BYTES = 40 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 200_000;
/** The columns of a contact export, in order, unless column_names picks fewer. */
export const CONTACT_EXPORT_COLUMNS = [
  'id', 'name', 'email', 'phone_number', 'identifier', 'company', 'city', 'country', 'labels', 'created_at', 'last_activity_at',
] as const;

/**
 * POST contacts/import (multipart `import_file`) answers 202 with it; GET contacts/imports/{id} shows it;
 * `contact_import.progress` carries it to the member who started it while it runs.
 */
export const ContactImportJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONTACT_JOB_STATUSES),
  file_name: z.string().nullable(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable().describe('Why the whole file was refused; then nothing was imported.'),
  row_errors: z
    .array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.string()) }))
    .describe('The first refused rows (line number in the file, attribute → message); the report has them all.'),
  error_report_url: z.string().nullable().describe('GET it for a CSV of every refused row with its reasons.'),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ContactImportJob = z.infer<typeof ContactImportJobSchema>;
export const ContactImportJobPayloadSchema = z.object({ payload: ContactImportJobSchema });

/** POST contacts/export: every contact, or those of a filter (payload), a label or a search (q). */
export const ContactExportBodySchema = z.object({
  column_names: z.array(z.enum(CONTACT_EXPORT_COLUMNS)).max(CONTACT_EXPORT_COLUMNS.length).optional(),
  payload: z.array(FilterRowSchema).min(1).max(50).optional().describe('Contact filter rows, as POST contacts/filter takes them.'),
  label: z.string().trim().toLowerCase().min(1).max(255).optional(),
  q: z.string().trim().min(1).max(200).optional(),
});
export type ContactExportBody = z.infer<typeof ContactExportBodySchema>;

/** POST contacts/export answers 202 with it; `contact_export.ready` brings it back with its download_url. */
export const ContactExportJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONTACT_JOB_STATUSES),
  row_count: z.number().int(),
  download_url: z.string().nullable().describe('Where the finished CSV downloads (signed in); null until done.'),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ContactExportJob = z.infer<typeof ContactExportJobSchema>;
export const ContactExportJobPayloadSchema = z.object({ payload: ContactExportJobSchema });
