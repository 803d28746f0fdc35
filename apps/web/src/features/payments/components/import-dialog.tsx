import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentImportJob } from '@app/shared/payments';
import { PAYMENT_IMPORT_MAX_FILE_BYTES, type PaymentKind } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { FieldMessages } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { downloadImportErrors, importFinished, refreshRecords, useImportJob, useStartImport } from '../api.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

type InboxOption = { id: number; name: string };
type ImportDialogProps = { accountId: number; kind: PaymentKind; inboxes: InboxOption[]; defaultInboxId: number | null; live: boolean; onClose: () => void };

const grouped = (n: number) => n.toLocaleString('en');

function progressText(job: PaymentImportJob): string {
  if (job.status === 'queued') return t('PAYMENTS.IMPORT.QUEUED');
  if (job.status === 'completed') return t('PAYMENTS.IMPORT.COMPLETED');
  if (job.status === 'failed') return t('PAYMENTS.IMPORT.FAILED', { error: job.error ?? '' });
  return job.total_rows > 0
    ? t('PAYMENTS.IMPORT.RUNNING', { done: grouped(job.processed_rows), total: grouped(job.total_rows) })
    : t('PAYMENTS.IMPORT.RUNNING_UNKNOWN', { done: grouped(job.processed_rows) });
}

/** A running or finished import: the bar, then the counts and the report of rejected rows. */
function ImportProgress({ accountId, job: started, live }: { accountId: number; job: PaymentImportJob; live: boolean }) {
  const job = useImportJob(accountId, started, live).data ?? started;
  const client = useQueryClient();
  const toast = useToast();
  const done = importFinished(job);
  useEffect(() => {
    if (done) void refreshRecords(client, accountId);
  }, [done, client, accountId]);
  const max = job.status === 'completed' ? Math.max(job.processed_rows, 1) : job.total_rows > 0 ? job.total_rows : null;
  return (
    <div className="payment-import" aria-live="polite">
      <ProgressBar label={t('PAYMENTS.IMPORT.PROGRESS_LABEL')} value={job.status === 'completed' ? max! : job.processed_rows} max={max} text={progressText(job)} />
      {done ? (
        <p>
          {t('PAYMENTS.IMPORT.RESULT', { created: grouped(job.created), updated: grouped(job.updated), unchanged: grouped(job.unchanged), failed: grouped(job.failed) })}
        </p>
      ) : null}
      {done && job.failed > 0 ? (
        <Button variant="link" onClick={() => void downloadImportErrors(accountId, job).catch(() => toast(t('PAYMENTS.IMPORT.ERROR_REPORT_FAILED'), 'error'))}>
          {t('PAYMENTS.IMPORT.ERROR_REPORT')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * CSV import for administrators (POST withdraws|recharges/import with a `file`): the upload answers a job at
 * once, whose progress arrives as payment_import.progress events (polled when they cannot arrive), then the
 * counts and, when rows were rejected, their report with the reasons.
 */
export function ImportDialog({ accountId, kind, inboxes, defaultInboxId, live, onClose }: ImportDialogProps) {
  const id = useId();
  const start = useStartImport(accountId, kind);
  const [file, setFile] = useState<File | null>(null);
  const [inboxId, setInboxId] = useState<number | null>(defaultInboxId);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<PaymentImportJob | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('PAYMENTS.IMPORT.FILE_REQUIRED'));
    if (file.size > PAYMENT_IMPORT_MAX_FILE_BYTES) return setError(t('PAYMENTS.IMPORT.FILE_TOO_BIG', { size: PAYMENT_IMPORT_MAX_FILE_BYTES / 1024 / 1024 }));
    setError(null);
    start.mutate(
      { file, inboxId },
      {
        onSuccess: setJob,
        onError: (failure) => {
          // A 422 names the file (not CSV, no order_id or amount column) or the inbox (none for rows without one).
          const read = readServerErrors(failure, { file: t('PAYMENTS.IMPORT.FILE'), inbox_id: t('PAYMENTS.IMPORT.INBOX') }, t('PAYMENTS.IMPORT.UPLOAD_ERROR'));
          setError(read.fields.file ?? read.fields.inbox_id ?? read.message);
        },
      },
    );
  };

  return (
    <Modal show title={t(`PAYMENTS.IMPORT.TITLE.${kind}`)} description={t('PAYMENTS.IMPORT.DESCRIPTION')} onClose={onClose} closeOnBackdrop={job === null}>
      {job ? (
        <>
          <ImportProgress accountId={accountId} job={job} live={live} />
          <div className="modal__actions">
            <Button onClick={onClose}>{t('PAYMENTS.IMPORT.CLOSE')}</Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={`field${error ? ' field--error' : ''}`}>
            <label htmlFor={`${id}-file`}>{t('PAYMENTS.IMPORT.FILE')}</label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-file-error` : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <FieldMessages id={`${id}-file`} error={error ?? undefined} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-inbox`}>{t('PAYMENTS.IMPORT.INBOX')}</label>
            <select id={`${id}-inbox`} value={inboxId ?? ''} onChange={(e) => setInboxId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{t('PAYMENTS.IMPORT.INBOX_FROM_FILE')}</option>
              {inboxes.map((inbox) => (
                <option key={inbox.id} value={inbox.id}>
                  {inbox.name}
                </option>
              ))}
            </select>
          </div>
          <div className="modal__actions">
            <Button onClick={onClose}>{t('PAYMENTS.CHANGE.CANCEL')}</Button>
            <Button type="submit" variant="primary" loading={start.isPending}>
              {t('PAYMENTS.IMPORT.SUBMIT')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
