import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { Executor } from '@app/db';
import type { PaymentImportRowError } from '@app/db/schema';
import { PaymentImportRecordSchema, type PaymentImportRecord } from '@app/shared/payments';
import { PAYMENT_IMPORT_MAX_FILE_BYTES, type PaymentKind } from '@app/shared/payments-constants';
import type { UploadedFile } from '@app/shared/profile';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx, Services } from '../../lib/context.ts';
import type { Jobs } from '../../jobs/queue.ts';
import { MAX_UPLOAD_BYTES } from '../../plugins/multipart.ts';
import { accountInboxIds, addedToImport, claimImportRow, findImportRow, insertImportRow, updateLeasedImport, type ImportChanges, type PaymentImportRow } from './queries.ts';
import { csvLine } from '../../lib/csv.ts';
import { recordProblems } from './import-json.ts';
import { serializeImportJob } from './serializers.ts';
import { upsertRecords, type UpsertResult } from './upsert.ts';

/** Rows written per transaction (and per progress event). */
export const IMPORT_BATCH = 1_000;
/** How long a claim holds without news; each batch extends it, so only a dead worker's claim runs out. */
export const IMPORT_LEASE_MS = 2 * 60_000;
/** Beyond this many failed rows the report keeps counting but stops listing (a wrong file fails every row). */
const MAX_LISTED_ROW_ERRORS = 10_000;
/** The effective upload limit: the contract's, within what the multipart parser accepts at all. */
export const CSV_IMPORT_MAX_BYTES = Math.min(PAYMENT_IMPORT_MAX_FILE_BYTES, MAX_UPLOAD_BYTES);

const REQUIRED_COLUMNS = ['order_id', 'amount'] as const;
const RECORD_COLUMNS = ['inbox_id', 'order_id', 'amount', 'currency', 'status', 'utr', 'upi_id', 'customer_name', 'customer_reference', 'created_at'] as const;
const normalizeColumn = (name: string) => name.trim().toLowerCase();

/**
 * POST …/import with a multipart `file`: checks that it is a CSV with order_id and amount columns (422 on
 * `file` otherwise, nothing stored), keeps it in storage and queues the import; 202 with the job.
 */
export async function startCsvImport(ctx: AccountCtx, jobs: Jobs, kind: PaymentKind, file: UploadedFile, inboxId: number | undefined) {
  const columns = csvColumns(file);
  if (inboxId !== undefined && (await accountInboxIds(ctx.db, ctx.accountId, [inboxId])).length === 0) {
    throw invalid('inbox_id', 'is not an inbox of this account');
  }
  if (inboxId === undefined && !columns.includes('inbox_id')) throw invalid('inbox_id', "can't be blank when the file has no inbox_id column");
  const fileKey = await ctx.storage.put({ folder: 'payment_imports', data: file.data, extension: 'csv' });
  try {
    const row = await insertImportRow(ctx.db, { accountId: ctx.accountId, kind, inboxId: inboxId ?? null, userId: ctx.actor.id, fileKey, fileName: file.filename.slice(0, 255) || null });
    jobs.enqueue('imports', 'run');
    return { payload: serializeImportJob(row) };
  } catch (error) {
    await ctx.storage.remove(fileKey);
    throw error;
  }
}

/** The normalized header of an uploaded file, or a 422 on `file` when it is not a CSV we can import. */
function csvColumns(file: UploadedFile): string[] {
  if (file.data.byteLength === 0) throw invalid('file', 'is empty');
  if (file.data.byteLength > CSV_IMPORT_MAX_BYTES) throw invalid('file', `is too large (maximum is ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB)`);
  const text = utf8Text(file.data);
  if (text === null) throw invalid('file', 'is not a CSV file (expected UTF-8 text)');
  const firstLine = text.slice(0, Math.max(text.search(/\r?\n/), 0) || text.length);
  let header: string[];
  try {
    header = (parseSync(firstLine, { bom: true }) as string[][])[0]?.map(normalizeColumn) ?? [];
  } catch {
    throw invalid('file', 'is not a CSV file');
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw invalid('file', `lacks the ${missing.join(' and ')} column${missing.length > 1 ? 's' : ''} in its header row`);
  return header;
}

/** The text of a file that is UTF-8 without NUL bytes (what a spreadsheet's CSV export is), else null. */
function utf8Text(data: Uint8Array): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** GET payment_imports/:id. */
export async function getImportJob(ctx: AccountCtx, id: number) {
  return { payload: serializeImportJob(await findImport(ctx, id)) };
}

/** GET payment_imports/:id/errors: the rows that were not imported, with why. */
export async function importErrorReport(ctx: AccountCtx, id: number) {
  const job = await findImport(ctx, id);
  const lines = [csvLine(['row', 'order_id', 'errors'])];
  for (const error of job.rowErrors) {
    const reasons = Object.entries(error.errors).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
    lines.push(csvLine([error.row, error.order_id, reasons.join('; ')]));
  }
  return { fileName: `payment-import-${job.id}-errors.csv`, body: lines.join('') };
}

async function findImport(ctx: AccountCtx, id: number): Promise<PaymentImportRow> {
  const row = await findImportRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The `imports:run` job: claims queued imports (and running ones whose worker's lease ran out) one at a time
 * and runs them. Returns how many it ran.
 */
export async function runCsvImports(services: Services): Promise<number> {
  let ran = 0;
  for (let job = await claimImportRow(services.db, IMPORT_LEASE_MS); job; job = await claimImportRow(services.db, IMPORT_LEASE_MS)) {
    await runImport(services, job);
    ran += 1;
  }
  return ran;
}

/** Raised when another worker took the import over (this one's lease had run out): stop without writing. */
class LeaseLost extends Error {}

type Batch = { records: PaymentImportRecord[]; keys: Set<string>; rows: number; errors: PaymentImportRowError[] };
const emptyBatch = (): Batch => ({ records: [], keys: new Set(), rows: 0, errors: [] });

async function runImport(services: Services, claimed: PaymentImportRow): Promise<void> {
  const state = { job: claimed };
  try {
    const total = await countRows(services, claimed);
    if (total === null) return void (await finish(services, state, { status: 'failed', error: 'The uploaded file is no longer stored.' }));
    state.job = await saveProgress(services.db, state.job, { totalRows: total });
    await importRows(services, state);
    await finish(services, state, { status: 'completed', error: null });
  } catch (error) {
    if (error instanceof LeaseLost) return services.log.warn({ importId: claimed.id }, 'payment import taken over by another worker');
    services.log.error({ err: error, importId: claimed.id }, 'payment import failed');
    await finish(services, state, { status: 'failed', error: failureText(error) }).catch(() => undefined);
  }
}

/** A parse error names its line; anything else is ours, and says only that the import stopped. */
function failureText(error: unknown): string {
  if (isCsvError(error)) return `The file is not valid CSV: ${error.message}`;
  return 'The import stopped on an unexpected error; the rows imported so far are kept.';
}

function isCsvError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('CSV_');
}

function csvParser() {
  return parse({ bom: true, columns: (header: string[]) => header.map(normalizeColumn), skip_empty_lines: true, relax_column_count: true, info: true });
}

/** A first streaming pass, so progress can say "of how many". */
async function countRows(services: Services, job: PaymentImportRow): Promise<number | null> {
  const file = await services.storage.open(job.fileKey);
  if (!file) return null;
  let total = 0;
  try {
    for await (const _ of file.pipe(csvParser())) total += 1;
  } catch (error) {
    // a broken line ends the count; the import pass writes the rows before it and reports the error
    if (!isCsvError(error)) throw error;
  }
  return total;
}

/** The streaming pass: rows are checked one by one and written a batch at a time; a resumed import skips what was done. */
async function importRows(services: Services, state: { job: PaymentImportRow }) {
  const file = await services.storage.open(state.job.fileKey);
  if (!file) throw new Error('the uploaded file disappeared during the import');
  const inboxes = new Set(await accountInboxIds(services.db, state.job.accountId));
  const done = state.job.processedRows;
  let seen = 0;
  let batch = emptyBatch();
  const flush = async () => {
    state.job = await writeBatch(services, state.job, batch);
    batch = emptyBatch();
  };
  const rows = file.pipe(csvParser()) as Readable & AsyncIterable<{ record: Record<string, string | undefined>; info: { lines: number } }>;
  try {
    for await (const { record, info } of rows) {
      seen += 1;
      if (seen <= done) continue;
      const checked = checkRow(state.job, record, info.lines, inboxes);
      if ('error' in checked) batch.errors.push(checked.error);
      else {
        const key = `${checked.record.inbox_id}\u0000${checked.record.order_id}`;
        // the same order twice in one batch: write what came first, then the later row (it wins, as in a spreadsheet)
        if (batch.keys.has(key)) await flush();
        batch.records.push(checked.record);
        batch.keys.add(key);
      }
      batch.rows += 1;
      if (batch.rows >= IMPORT_BATCH) await flush();
    }
  } finally {
    // the rows read before a broken line are good: they are written before the import fails
    if (batch.rows > 0) await flush();
  }
}

/** One CSV row as an import record, or why it cannot be one (the JSON import's rules). */
function checkRow(job: PaymentImportRow, raw: Record<string, string | undefined>, line: number, inboxes: Set<number>): { record: PaymentImportRecord } | { error: PaymentImportRowError } {
  const candidate = rowCandidate(raw, job.inboxId);
  const orderId = typeof candidate.order_id === 'string' ? candidate.order_id : null;
  const parsed = PaymentImportRecordSchema.safeParse(candidate);
  const errors: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'base'] ??= []).push(issue.message);
    return { error: { row: line, order_id: orderId, errors } };
  }
  for (const problem of recordProblems(job.kind, parsed.data, inboxes)) (errors[problem.field] ??= []).push(problem.text);
  if (Object.keys(errors).length > 0) return { error: { row: line, order_id: orderId, errors } };
  return { record: parsed.data };
}

/** Empty cells are left out (the stored value stays); columns we do not know go to extras. */
function rowCandidate(raw: Record<string, string | undefined>, defaultInboxId: number | null): Record<string, unknown> {
  const cells = Object.entries(raw).flatMap(([column, value]) => {
    const text = value?.trim();
    return text ? [[column, text] as const] : [];
  });
  const known = Object.fromEntries(cells.filter(([column]) => (RECORD_COLUMNS as readonly string[]).includes(column)));
  const extras = Object.fromEntries(cells.filter(([column]) => column !== '' && !(RECORD_COLUMNS as readonly string[]).includes(column)));
  return {
    ...known,
    inbox_id: known.inbox_id ?? defaultInboxId ?? undefined,
    ...(Object.keys(extras).length > 0 ? { extras } : {}),
  };
}

/** One batch in one transaction: the records, the counters and the failed rows, and a fresh lease. */
async function writeBatch(services: Services, job: PaymentImportRow, batch: Batch): Promise<PaymentImportRow> {
  const row = await services.db.transaction(async (tx) => {
    const actor = { type: 'import' as const, id: job.userId, name: null, importId: job.id };
    const results = await upsertRecords(tx, job.accountId, job.kind, actor, batch.records);
    const listed = batch.errors.slice(0, Math.max(0, MAX_LISTED_ROW_ERRORS - job.rowErrors.length));
    return saveProgress(
      tx,
      job,
      addedToImport({
        rows: batch.rows,
        created: count(results, 'created'),
        updated: count(results, 'updated'),
        unchanged: count(results, 'unchanged'),
        failed: batch.errors.length,
        listedErrors: listed,
      }),
    );
  });
  publishProgress(services, row);
  return row;
}

const count = (results: UpsertResult[], result: UpsertResult['result']) => results.filter((r) => r.result === result).length;

/** Writes the import's progress if this worker still holds it (the lease it set), extending the lease. */
async function saveProgress(db: Executor, job: PaymentImportRow, changes: ImportChanges): Promise<PaymentImportRow> {
  const row = await updateLeasedImport(db, job, { leaseUntil: new Date(Date.now() + IMPORT_LEASE_MS), ...changes });
  if (!row) throw new LeaseLost();
  return row;
}

async function finish(services: Services, state: { job: PaymentImportRow }, outcome: { status: 'completed' | 'failed'; error: string | null }) {
  state.job = await saveProgress(services.db, state.job, { status: outcome.status, error: outcome.error, finishedAt: new Date(), leaseUntil: null });
  publishProgress(services, state.job);
  // the file held customers' payment details only to be imported; what failed is kept in row_errors
  await services.storage.remove(state.job.fileKey).catch((err: unknown) => services.log.warn({ err, importId: state.job.id }, 'payment import: could not remove the file'));
}

/** payment_import.progress to the member who started the import (nobody, once that user is gone). */
function publishProgress(services: Services, row: PaymentImportRow) {
  if (row.userId === null) return;
  services.bus.publish({ name: 'payment_import.progress', accountId: row.accountId, userId: row.userId, data: serializeImportJob(row) });
}
