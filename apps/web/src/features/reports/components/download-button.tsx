import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';

/** Downloads one CSV; shows its progress on the button and a notice when it fails. */
export function DownloadButton({ onDownload }: { onDownload: () => Promise<string> }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      const file = await onDownload();
      toast(t('REPORTS.DOWNLOADED', { file }), 'success');
    } catch {
      toast(t('REPORTS.DOWNLOAD_FAILED'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void run()} loading={busy} className="reports-download">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {busy ? t('REPORTS.DOWNLOADING') : t('REPORTS.DOWNLOAD')}
    </Button>
  );
}
