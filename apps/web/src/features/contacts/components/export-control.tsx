import { useState } from 'react';
import type { ContactExportBody, ContactExportJob } from '@app/shared/contact-jobs';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { downloadExport, useExportJob, useStartExport } from '../api.ts';
import { grouped } from '../utils/format.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

/** A started export: a bar while the job writes the file, then its download link (contact_export.ready or polling). */
function ExportStatus({ accountId, job: started, live, onDismiss }: { accountId: number; job: ContactExportJob; live: boolean; onDismiss: () => void }) {
  const job = useExportJob(accountId, started, live).data ?? started;
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const done = await downloadExport(accountId, job);
      toast(t('CONTACTS.EXPORT.DOWNLOADED', { name: done.fileName }), 'success');
    } catch {
      toast(t('CONTACTS.EXPORT.DOWNLOAD_ERROR'), 'error');
    } finally {
      setSaving(false);
    }
  };
  if (job.status === 'failed') {
    return (
      <div className="contacts-export" role="alert">
        <span className="contacts-export__error">{t('CONTACTS.EXPORT.FAILED', { error: job.error ?? '' })}</span>
        <Button size="small" variant="ghost" onClick={onDismiss}>
          {t('CONTACTS.EXPORT.DISMISS')}
        </Button>
      </div>
    );
  }
  if (job.status === 'completed') {
    return (
      <div className="contacts-export" role="status">
        <span className="contacts-export__title">{t('CONTACTS.EXPORT.READY', { rows: grouped(job.row_count) })}</span>
        <Button size="small" variant="primary" loading={saving} onClick={() => void save()}>
          {t('CONTACTS.EXPORT.DOWNLOAD')}
        </Button>
        <Button size="small" variant="ghost" onClick={onDismiss}>
          {t('CONTACTS.EXPORT.DISMISS')}
        </Button>
      </div>
    );
  }
  return (
    <div className="contacts-export" role="status">
      <ProgressBar label={t('CONTACTS.EXPORT.PROGRESS_LABEL')} value={job.row_count} max={null} text={t('CONTACTS.EXPORT.RUNNING')} />
      <span className="muted contacts-export__note">{t('CONTACTS.EXPORT.MAILED')}</span>
    </div>
  );
}

type ExportControlProps = { accountId: number; body: ContactExportBody | null; live: boolean; disabled?: boolean };

/** Export (administrators and contact_manage): POST contacts/export with what the list shows, then the job's status. */
export function ExportControl({ accountId, body, live, disabled = false }: ExportControlProps) {
  const start = useStartExport(accountId);
  const toast = useToast();
  const [job, setJob] = useState<ContactExportJob | null>(null);
  if (job) return <ExportStatus accountId={accountId} job={job} live={live} onDismiss={() => setJob(null)} />;
  return (
    <Button
      loading={start.isPending}
      disabled={disabled || body === null}
      onClick={() =>
        body &&
        start.mutate(body, {
          onSuccess: setJob,
          onError: (error) => toast(error instanceof ApiError && error.status !== 0 && error.message ? `${t('CONTACTS.EXPORT.ERROR')} ${error.message}` : t('CONTACTS.EXPORT.ERROR'), 'error'),
        })
      }
    >
      {t('CONTACTS.EXPORT.BUTTON')}
    </Button>
  );
}
