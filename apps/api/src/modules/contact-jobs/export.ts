import type { Readable } from 'node:stream';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { CONTACT_EXPORT_COLUMNS, type ContactExportBody } from '@app/shared/contact-jobs';
import { notFound } from '../../lib/app-error.ts';
import { csvLine } from '../../lib/csv.ts';
import type { AccountCtx, Services } from '../../lib/context.ts';
import { compileContactFilter } from '../../lib/filters/index.ts';
import type { Jobs } from '../../jobs/queue.ts';
import { filterableDefinitions } from '../custom-attributes/service.ts';
import { claimExportRow, contactPage, findExportRow, insertExportRow, updateLeasedExport, userEmail, type ContactExportRow, type ContactRow, type ExportChanges } from './queries.ts';
import { exportDownloadPath, serializeExportJob } from './serializers.ts';

const { contacts } = schema;

export const CONTACT_EXPORT_JOB = 'contacts.export';
/** Contacts read per query: one page sits in memory while the file is written. */
const EXPORT_BATCH = 1_000;
const EXPORT_LEASE_MS = 2 * 60_000;

type ExportColumn = (typeof CONTACT_EXPORT_COLUMNS)[number];
type ExportQuery = Pick<ContactExportBody, 'payload' | 'label' | 'q'>;

/**
 * Which contacts an export writes: the account's, narrowed by the filter rows (422 on `payload.<i>.…` when they do not
 * compile), a label and a search text (name, email, phone number or identifier containing it).
 */
async function exportCondition(db: Executor, accountId: number, query: ExportQuery): Promise<SQL> {
  const filter = query.payload ? compileContactFilter(query.payload, await filterableDefinitions(db, accountId, 'contact_attribute')) : undefined;
  const label = query.label ? sql`${contacts.labels} @> array[${query.label}]::text[]` : undefined;
  const search = query.q ? schema.contactSearchMatches(contacts, schema.likePattern(query.q)) : undefined;
  return and(eq(contacts.accountId, accountId), filter, label, search)!;
}

/** POST contacts/export: checks the query, records the job and queues it; 202 with the job. */
export async function startContactExport(ctx: AccountCtx, jobs: Jobs, input: ContactExportBody) {
  const query: ExportQuery = { payload: input.payload, label: input.label, q: input.q };
  await exportCondition(ctx.db, ctx.accountId, query);
  const row = await insertExportRow(ctx.db, {
    accountId: ctx.accountId,
    userId: ctx.actor.id,
    query: JSON.parse(JSON.stringify(query)) as Record<string, unknown>,
    columnNames: [...new Set(input.column_names ?? [])],
  });
  jobs.enqueue('exports', CONTACT_EXPORT_JOB);
  return { payload: serializeExportJob(row) };
}

/** The export, if it is the account's and the caller asked for it or administers the account; 404 otherwise. */
async function visibleExport(ctx: AccountCtx, id: number): Promise<ContactExportRow> {
  const row = await findExportRow(ctx.db, ctx.accountId, id);
  if (!row || (row.userId !== ctx.actor.id && ctx.membership.role !== 'administrator')) throw notFound();
  return row;
}

export async function getContactExport(ctx: AccountCtx, id: number) {
  return { payload: serializeExportJob(await visibleExport(ctx, id)) };
}

/** `contacts-YYYY-MM-DD.csv`, dated when the export was asked for (UTC). */
export const exportFileName = (at: Date) => `contacts-${at.toISOString().slice(0, 10)}.csv`;

/** GET contacts/exports/{id}/download: the finished file; 404 until it is there. */
export async function downloadContactExport(ctx: AccountCtx, id: number): Promise<{ fileName: string; stream: Readable }> {
  const row = await visibleExport(ctx, id);
  const stream = row.status === 'completed' && row.fileKey ? await ctx.storage.open(row.fileKey) : null;
  if (!stream) throw notFound();
  return { fileName: exportFileName(row.createdAt), stream };
}

// --- the job

/** The `exports:contacts.export` job: claims queued exports (and ones whose worker died) one at a time. */
export async function runContactExports(services: Services): Promise<number> {
  let ran = 0;
  for (let job = await claimExportRow(services.db, EXPORT_LEASE_MS); job; job = await claimExportRow(services.db, EXPORT_LEASE_MS)) {
    await runExport(services, job);
    ran += 1;
  }
  return ran;
}

class LeaseLost extends Error {}

async function saveProgress(db: Executor, job: ContactExportRow, changes: ExportChanges): Promise<ContactExportRow> {
  const row = await updateLeasedExport(db, job, { leaseUntil: new Date(Date.now() + EXPORT_LEASE_MS), ...changes });
  if (!row) throw new LeaseLost();
  return row;
}

async function runExport(services: Services, claimed: ContactExportRow): Promise<void> {
  const state = { job: claimed, rows: 0 };
  let fileKey: string | null = null;
  try {
    const where = await exportCondition(services.db, claimed.accountId, claimed.query as ExportQuery);
    const columns: ExportColumn[] = claimed.columnNames.length > 0 ? (claimed.columnNames as ExportColumn[]) : [...CONTACT_EXPORT_COLUMNS];
    fileKey = await services.storage.putStream({ folder: 'contact_exports', chunks: csvChunks(services, state, where, columns), extension: 'csv' });
    state.job = await saveProgress(services.db, state.job, { status: 'completed', fileKey, rowCount: state.rows, finishedAt: new Date(), leaseUntil: null });
  } catch (error) {
    if (fileKey) await services.storage.remove(fileKey).catch(() => undefined);
    if (error instanceof LeaseLost) return services.log.warn({ exportId: claimed.id }, 'contact export taken over by another worker');
    services.log.error({ err: error, exportId: claimed.id }, 'contact export failed');
    const text = (error as { code?: string }).code === 'validation_failed' ? 'The export filter no longer applies (a custom attribute changed).' : 'The export stopped on an unexpected error.';
    state.job = await saveProgress(services.db, state.job, { status: 'failed', error: text, finishedAt: new Date(), leaseUntil: null }).catch(() => state.job);
  }
  announce(services, state.job);
  if (state.job.status === 'completed') await mailLink(services, state.job);
}

/** The CSV, a page of contacts at a time in id order; each page also extends the lease. */
async function* csvChunks(services: Services, state: { job: ContactExportRow; rows: number }, where: SQL, columns: ExportColumn[]): AsyncGenerator<string> {
  yield csvLine(columns);
  let after = 0;
  for (;;) {
    const rows = await contactPage(services.db, where, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(columns.map((column) => cellOf(row, column)))).join('');
    state.rows += rows.length;
    after = rows.at(-1)!.id;
    state.job = await saveProgress(services.db, state.job, { rowCount: state.rows });
  }
}

function cellOf(row: ContactRow, column: ExportColumn): unknown {
  const extra = row.additionalAttributes;
  switch (column) {
    case 'id':
      return row.id;
    case 'name':
      return row.name;
    case 'email':
      return row.email;
    case 'phone_number':
      return row.phoneNumber;
    case 'identifier':
      return row.identifier;
    case 'company':
      return extra.company_name ?? null;
    case 'city':
      return extra.city ?? null;
    case 'country':
      return extra.country ?? null;
    case 'labels':
      return row.labels.join(', ');
    case 'created_at':
      return row.createdAt.toISOString();
    case 'last_activity_at':
      return row.lastActivityAt?.toISOString() ?? null;
  }
}

/** contact_export.ready to the member who asked (with the download link, or the error). */
function announce(services: Services, row: ContactExportRow) {
  if (row.userId === null || (row.status !== 'completed' && row.status !== 'failed')) return;
  services.bus.publish({ name: 'contact_export.ready', accountId: row.accountId, userId: row.userId, data: serializeExportJob(row) });
}

/** The link by mail too; the export stands even when the mail cannot go. */
async function mailLink(services: Services, row: ContactExportRow) {
  const user = row.userId === null ? null : await userEmail(services.db, row.userId);
  if (!user) return;
  const link = `${services.config.frontendUrl}${exportDownloadPath(row)}`;
  try {
    await services.mailer.send({
      to: user.email,
      subject: 'Your contacts export is ready',
      text: `Hi ${user.name},\n\nYour export of ${row.rowCount} contacts is ready. Download it (signed in) here:\n${link}\n`,
    });
  } catch (err) {
    services.log.warn({ err, exportId: row.id }, 'contact export: could not mail the link');
  }
}
