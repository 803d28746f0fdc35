import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_IMPORT_MAX_BYTES, type ContactImportJob } from '@app/shared/contact-jobs';
import { Button } from '../../../components/button.tsx';
import { FieldMessages } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { downloadImportErrors, jobFinished, refreshContacts, useImportJob, useStartImport } from '../api.ts';
import { grouped } from '../utils/format.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

type ImportDialogProps = { accountId: number; live: boolean; onClose: () => void };

function progressText(job: ContactImportJob): string {
  if (job.status === 'queued') return t('CONTACTS.IMPORT.QUEUED');
  if (job.status === 'completed') return t('CONTACTS.IMPORT.COMPLETED');
  if (job.status === 'failed') return t('CONTACTS.IMPORT.FAILED', { error: job.error ?? '' });
  return job.total_rows > 0
    ? t('CONTACTS.IMPORT.RUNNING', { done: grouped(job.processed_rows), total: grouped(job.total_rows) })
    : t('CONTACTS.IMPORT.RUNNING_UNKNOWN', { done: grouped(job.processed_rows) });
}

/** A running or finished import: the bar, then the counts, the first refused rows and the whole report. */
export function ImportProgress({ accountId, job: started, live }: { accountId: number; job: ContactImportJob; live: boolean }) {
  const job = useImportJob(accountId, started, live).data ?? started;
  const client = useQueryClient();
  const toast = useToast();
  const done = jobFinished(job);
  useEffect(() => {
    if (done) void refreshContacts(client, accountId);
  }, [done, client, accountId]);
  const max = job.status === 'completed' ? Math.max(job.processed_rows, 1) : job.total_rows > 0 ? job.total_rows : null;
  return (
    <div className="contacts-import" aria-live="polite">
      <ProgressBar label={t('CONTACTS.IMPORT.PROGRESS_LABEL')} value={job.status === 'completed' ? max! : job.processed_rows} max={max} text={progressText(job)} />
      {job.status === 'completed' ? (
        <p>{t('CONTACTS.IMPORT.RESULT', { created: grouped(job.created), updated: grouped(job.updated), failed: grouped(job.failed) })}</p>
      ) : null}
      {done && job.row_errors.length > 0 ? (
        <ul className="contacts-import__errors">
          {job.row_errors.slice(0, 5).map((row) => (
            <li key={row.row}>
              {t('CONTACTS.IMPORT.ROW_ERROR', { row: row.row, errors: Object.entries(row.errors).map(([field, message]) => `${field} ${message}`).join('; ') })}
            </li>
          ))}
        </ul>
      ) : null}
      {done && job.failed > 0 ? (
        <Button variant="link" onClick={() => void downloadImportErrors(accountId, job).catch(() => toast(t('CONTACTS.IMPORT.ERROR_REPORT_FAILED'), 'error'))}>
          {t('CONTACTS.IMPORT.ERROR_REPORT')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * CSV import (administrators and contact_manage): POST contacts/import with `import_file` answers a job at once;
 * its progress arrives as contact_import.progress events (polled when they cannot), then the counts and, when
 * rows were refused, their report.
 */
export function ImportDialog({ accountId, live, onClose }: ImportDialogProps) {
  const id = useId();
  const start = useStartImport(accountId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<ContactImportJob | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('CONTACTS.IMPORT.FILE_REQUIRED'));
    if (file.size > CONTACT_IMPORT_MAX_BYTES) return setError(t('CONTACTS.IMPORT.FILE_TOO_BIG', { size: CONTACT_IMPORT_MAX_BYTES / 1024 / 1024 }));
    setError(null);
    start.mutate(file, {
      onSuccess: setJob,
      onError: (failure) => {
        const read = readServerErrors(failure, { import_file: t('CONTACTS.IMPORT.FILE') }, t('CONTACTS.IMPORT.UPLOAD_ERROR'));
        setError(read.fields.import_file ?? read.message);
      },
    });
  };

  return (
    <Modal show title={t('CONTACTS.IMPORT.TITLE')} description={t('CONTACTS.IMPORT.DESCRIPTION')} onClose={onClose} closeOnBackdrop={job === null}>
      {job ? (
        <>
          <ImportProgress accountId={accountId} job={job} live={live} />
          <div className="modal__actions">
            <Button onClick={onClose}>{t('CONTACTS.IMPORT.CLOSE')}</Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className={`field${error ? ' field--error' : ''}`}>
            <label htmlFor={`${id}-file`}>{t('CONTACTS.IMPORT.FILE')}</label>
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
          <div className="modal__actions">
            <Button onClick={onClose}>{t('CONTACTS.IMPORT.CANCEL')}</Button>
            <Button type="submit" variant="primary" loading={start.isPending}>
              {t('CONTACTS.IMPORT.SUBMIT')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
