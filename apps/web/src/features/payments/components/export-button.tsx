import { useEffect, useRef, useState } from 'react';
import { PAYMENT_EXPORT_MAX_COUNT, type PaymentKind } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { exportRecords } from '../api.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

type ExportButtonProps = {
  accountId: number;
  kind: PaymentKind;
  /** The export's query: the tab's filters, its inbox and max_count (utils/record-filters.ts exportQuery). */
  query: string;
  /** What the list counted for these filters, when known: the progress bar's end. */
  expected: number | null;
};

const grouped = (n: number) => n.toLocaleString('en');

/**
 * Export CSV with progress: the file is read as it streams in, the rows received shown against the rows
 * expected (at most 10,000), then saved under the server's name (withdraws-2026-11-25.csv). It can be stopped.
 */
export function ExportButton({ accountId, kind, query, expected, disabled }: ExportButtonProps & { disabled?: boolean }) {
  const toast = useToast();
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  const total = expected === null ? null : Math.min(expected, PAYMENT_EXPORT_MAX_COUNT);

  // Leaving the page stops a running export.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setRows(0);
    try {
      const done = await exportRecords(accountId, kind, query, (progress) => setRows(progress.rows), controller.signal);
      toast(done.rows === 1 ? t('PAYMENTS.EXPORT.DONE_ONE', { name: done.fileName }) : t('PAYMENTS.EXPORT.DONE', { name: done.fileName, rows: grouped(done.rows) }), 'success');
      if (expected !== null && expected > PAYMENT_EXPORT_MAX_COUNT) toast(t('PAYMENTS.EXPORT.LIMITED', { max: grouped(PAYMENT_EXPORT_MAX_COUNT) }), 'info');
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast(t('PAYMENTS.EXPORT.ERROR'), 'error');
    } finally {
      running.current = null;
      setRows(null);
    }
  };

  if (rows === null) {
    return (
      <Button onClick={() => void start()} disabled={disabled}>
        {t('PAYMENTS.EXPORT.BUTTON')}
      </Button>
    );
  }
  const text = total === null ? t('PAYMENTS.EXPORT.PROGRESS_UNKNOWN', { rows: grouped(rows) }) : t('PAYMENTS.EXPORT.PROGRESS', { rows: grouped(rows), total: grouped(total) });
  return (
    <div className="payment-export" role="status">
      <span className="payment-export__title">{t('PAYMENTS.EXPORT.RUNNING')}</span>
      <ProgressBar label={t('PAYMENTS.EXPORT.RUNNING')} value={rows} max={total} text={text} />
      <Button size="small" variant="ghost" onClick={() => running.current?.abort()}>
        {t('PAYMENTS.EXPORT.CANCEL')}
      </Button>
    </div>
  );
}
