import { createReadStream } from 'node:fs';
import { access, appendFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Executor } from '@app/db';
import type { ContactImportRowError } from '@app/db/schema';
import { CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS } from '@app/shared/contact-jobs';
import type { UploadedFile } from '@app/shared/profile';
import { invalid, notFound } from '../../lib/app-error.ts';
import { csvLine } from '../../lib/csv.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { systemCtx, type AccountCtx, type Services } from '../../lib/context.ts';
import type { Jobs } from '../../jobs/queue.ts';
import { MAX_UPLOAD_BYTES } from '../../plugins/multipart.ts';
import { listLabels } from '../labels/service.ts';
import { checkRow, columnName, usableHeader } from './import-rows.ts';
import { claimImportRow, findImportRow, insertImportRow, updateLeasedImport, addedToImport, type ContactImportRow, type ImportChanges } from './queries.ts';
import { serializeImportJob } from './serializers.ts';
import { upsertBatch, type PendingRow } from './upsert.ts';

/** Rows written per transaction (and per progress event). */
export const IMPORT_BATCH = 1_000;
/** How long a claim holds without news; each batch extends it, so only a dead worker's claim runs out. */
export const IMPORT_LEASE_MS = 2 * 60_000;
/** Refused rows listed on the job itself (the dialog); the error report has every one. */
const LISTED_ROW_ERRORS = 100;
/** The effective upload limit: the contract's, within what the multipart parser accepts at all. */
export const CONTACT_IMPORT_UPLOAD_BYTES = Math.min(CONTACT_IMPORT_MAX_BYTES, MAX_UPLOAD_BYTES);

/**
 * POST contacts/import (multipart `import_file`): 422 on `import_file` when it is missing, empty, too large or not
 * UTF-8 text (nothing stored); otherwise the file waits in storage and the `imports` queue runs it. 202 with the job.
 */
export async function startContactImport(ctx: AccountCtx, jobs: Jobs, file: UploadedFile | undefined) {
  if (!file) throw invalid('import_file', "can't be blank");
  if (file.data.byteLength === 0) throw invalid('import_file', 'is empty');
  if (file.data.byteLength > CONTACT_IMPORT_UPLOAD_BYTES) throw invalid('import_file', `is too large (maximum is ${CONTACT_IMPORT_UPLOAD_BYTES / 1024 / 1024} MB)`);
  if (!isUtf8Text(file.data)) throw invalid('import_file', 'is not a CSV file (expected UTF-8 text)');
  const fileKey = await ctx.storage.put({ folder: 'contact_imports', data: file.data, extension: 'csv' });
  try {
    const row = await insertImportRow(ctx.db, { accountId: ctx.accountId, userId: ctx.actor.id, fileKey, fileName: file.filename.slice(0, 255) || null });
    jobs.enqueue('imports', CONTACT_IMPORT_JOB);
    return { payload: serializeImportJob(row) };
  } catch (error) {
    await ctx.storage.remove(fileKey);
    throw error;
  }
}

export const CONTACT_IMPORT_JOB = 'contacts.import';

/** What a spreadsheet's CSV export is: UTF-8 without NUL bytes. */
function isUtf8Text(data: Uint8Array): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The job, if it is the account's and the caller started it or administers the account; 404 otherwise. */
async function visibleImport(ctx: AccountCtx, id: number): Promise<ContactImportRow> {
  const row = await findImportRow(ctx.db, ctx.accountId, id);
  if (!row || (row.userId !== ctx.actor.id && ctx.membership.role !== 'administrator')) throw notFound();
  return row;
}

/** GET contacts/imports/{id}. */
export async function getContactImport(ctx: AccountCtx, id: number) {
  return { payload: serializeImportJob(await visibleImport(ctx, id)) };
}

/**
 * GET contacts/imports/{id}/errors: every refused row (its line, the cells read and why) as CSV. The finished job's
 * report is a stored file; while it runs, the rows listed on the job so far.
 */
export async function contactImportErrors(ctx: AccountCtx, id: number): Promise<{ fileName: string; body: Readable | string }> {
  const job = await visibleImport(ctx, id);
  const fileName = `contact-import-${job.id}-errors.csv`;
  const stored = job.errorReportKey ? await ctx.storage.open(job.errorReportKey) : null;
  if (stored) return { fileName, body: stored };
  const columns = [...new Set(job.rowErrors.flatMap((e) => Object.keys(e.values)))];
  return { fileName, body: [reportHeader(columns), ...job.rowErrors.map((e) => reportLine(columns, e))].join('') };
}

const reportHeader = (columns: string[]) => csvLine(['row', ...columns, 'errors']);
const reportLine = (columns: string[], e: ContactImportRowError) =>
  csvLine([e.row, ...columns.map((c) => e.values[c] ?? ''), Object.entries(e.errors).map(([field, message]) => `${field}: ${message}`).join('; ')]);

// --- the job

/** The `imports:contacts.import` job: claims queued imports (and ones whose worker died) one at a time and runs them. */
export async function runContactImports(services: Services): Promise<number> {
  let ran = 0;
  for (let job = await claimImportRow(services.db, IMPORT_LEASE_MS); job; job = await claimImportRow(services.db, IMPORT_LEASE_MS)) {
    await runImport(services, job);
    ran += 1;
  }
  return ran;
}

/** Raised when another worker took the import over (this one's lease ran out): stop without writing. */
class LeaseLost extends Error {}
/** The file cannot be imported at all; nothing was written. */
class Refused extends Error {}

type State = { job: ContactImportRow; columns: string[] };

async function runImport(services: Services, claimed: ContactImportRow): Promise<void> {
  const state: State = { job: claimed, columns: [] };
  try {
    const checked = await checkFile(services, claimed);
    state.columns = checked.columns;
    state.job = await saveProgress(services.db, state.job, { totalRows: checked.rows });
    await importRows(services, state);
    await finish(services, state, { status: 'completed', error: null });
  } catch (error) {
    if (error instanceof LeaseLost) return services.log.warn({ importId: claimed.id }, 'contact import taken over by another worker');
    if (!(error instanceof Refused)) services.log.error({ err: error, importId: claimed.id }, 'contact import failed');
    const text = error instanceof Refused ? error.message : 'The import stopped on an unexpected error; the rows imported so far are kept.';
    await finish(services, state, { status: 'failed', error: text }).catch(() => undefined);
  }
}

function csvParser(columns: boolean) {
  return parse({
    bom: true,
    columns: columns ? (header: string[]) => header.map(columnName) : false,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
}

function isCsvError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('CSV_');
}

/**
 * The first, read-only pass over the whole file: it must parse from end to end (quoting), have a header naming
 * email, phone_number or identifier, and at most CONTACT_IMPORT_MAX_ROWS rows. Otherwise the job fails before a
 * single row is written: a malformed file imports nothing.
 */
async function checkFile(services: Services, job: ContactImportRow): Promise<{ columns: string[]; rows: number }> {
  const file = await services.storage.open(job.fileKey);
  if (!file) throw new Refused('The uploaded file is no longer stored.');
  let columns: string[] | null = null;
  let rows = 0;
  try {
    for await (const { record } of file.pipe(csvParser(false)) as AsyncIterable<{ record: string[] }>) {
      if (columns === null) {
        columns = record.map(columnName);
        continue;
      }
      rows += 1;
      if (rows > CONTACT_IMPORT_MAX_ROWS) throw new Refused(`The file has more than ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en')} rows.`);
    }
  } catch (error) {
    file.destroy();
    if (isCsvError(error)) throw new Refused(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (!columns || !usableHeader(columns)) throw new Refused('The file has no header row naming an email, phone_number or identifier column.');
  return { columns, rows };
}

/** The second pass: rows checked one by one and upserted a batch at a time; a resumed import skips what was done. */
async function importRows(services: Services, state: State) {
  const file = await services.storage.open(state.job.fileKey);
  if (!file) throw new Error('the uploaded file disappeared during the import');
  const accountId = state.job.accountId;
  const labels = new Set((await listLabels(systemCtx(services, accountId, 'contact import'))).payload.map((l) => l.title));
  const done = state.job.processedRows;
  let seen = 0;
  let batch: { rows: PendingRow[]; errors: ContactImportRowError[] } = { rows: [], errors: [] };
  const flush = async () => {
    state.job = await writeBatch(services, state, batch.rows, batch.errors);
    batch = { rows: [], errors: [] };
  };
  const records = file.pipe(csvParser(true)) as Readable & AsyncIterable<{ record: Record<string, string | undefined>; info: { lines: number } }>;
  for await (const { record, info } of records) {
    seen += 1;
    if (seen <= done) continue;
    const checked = checkRow(record, labels);
    if ('errors' in checked) batch.errors.push({ row: info.lines, values: cellsOf(record), errors: checked.errors });
    else batch.rows.push({ line: info.lines, values: cellsOf(record), contact: checked.contact });
    if (batch.rows.length + batch.errors.length >= IMPORT_BATCH) await flush();
  }
  if (batch.rows.length + batch.errors.length > 0) await flush();
}

const cellsOf = (record: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(record).flatMap(([column, value]) => (column !== '' && value !== undefined ? [[column, value.slice(0, 1_000)]] : [])));

/**
 * One batch in one transaction: the upserts, the counters and the listed errors, and a fresh lease. A lost race
 * with a contact created meanwhile (unique index) runs the batch once more against what is stored now.
 */
async function writeBatch(services: Services, state: State, rows: PendingRow[], parseErrors: ContactImportRowError[]): Promise<ContactImportRow> {
  const job = state.job;
  const attempt = () =>
    services.db.transaction(async (tx) => {
      const result = await upsertBatch(tx, job.accountId, rows);
      const errors = [...parseErrors, ...result.errors].sort((a, b) => a.row - b.row);
      const listed = errors.slice(0, Math.max(0, LISTED_ROW_ERRORS - job.rowErrors.length));
      const row = await saveProgress(
        tx,
        job,
        addedToImport({ rows: rows.length + parseErrors.length, created: result.created, updated: result.updated, failed: errors.length, listedErrors: listed }),
      );
      return { row, errors };
    });
  let written;
  try {
    written = await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    written = await attempt();
  }
  if (written.errors.length > 0) await appendReport(services, state, written.errors);
  publishProgress(services, written.row);
  return written.row;
}

/** The report grows beside the data dir as batches commit; it becomes a stored file when the import ends. */
const exists = (file: string) => access(file).then(() => true, () => false);
const reportFile = (services: Services, id: number) => path.join(services.config.dataDir, 'tmp', `contact-import-${id}-errors.csv`);

async function appendReport(services: Services, state: State, errors: ContactImportRowError[]) {
  const file = reportFile(services, state.job.id);
  await mkdir(path.dirname(file), { recursive: true });
  const header = (await exists(file)) ? '' : reportHeader(state.columns);
  await appendFile(file, header + errors.map((e) => reportLine(state.columns, e)).join(''));
}

/** Writes the import's progress while this worker still holds it, extending the lease. */
async function saveProgress(db: Executor, job: ContactImportRow, changes: ImportChanges): Promise<ContactImportRow> {
  const row = await updateLeasedImport(db, job, { leaseUntil: new Date(Date.now() + IMPORT_LEASE_MS), ...changes });
  if (!row) throw new LeaseLost();
  return row;
}

async function finish(services: Services, state: State, outcome: { status: 'completed' | 'failed'; error: string | null }) {
  const report = reportFile(services, state.job.id);
  let errorReportKey: string | null = null;
  if (state.job.failedCount > 0 && (await exists(report))) {
    try {
      errorReportKey = await services.storage.putStream({ folder: 'contact_imports', chunks: createReadStream(report), extension: 'csv' });
    } catch (err) {
      services.log.warn({ err, importId: state.job.id }, 'contact import: could not store the error report');
    }
  }
  state.job = await saveProgress(services.db, state.job, { status: outcome.status, error: outcome.error, errorReportKey, finishedAt: new Date(), leaseUntil: null });
  publishProgress(services, state.job);
  await rm(report, { force: true });
  // the file held the customers' details only to be imported; refused rows are in the report
  await services.storage.remove(state.job.fileKey).catch((err: unknown) => services.log.warn({ err, importId: state.job.id }, 'contact import: could not remove the file'));
}

/** contact_import.progress to the member who started the import (nobody, once that user is gone). */
function publishProgress(services: Services, row: ContactImportRow) {
  if (row.userId === null) return;
  services.bus.publish({ name: 'contact_import.progress', accountId: row.accountId, userId: row.userId, data: serializeImportJob(row) });
}
