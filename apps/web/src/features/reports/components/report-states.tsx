import { t } from '../../../lib/i18n/i18n.ts';
import { Button } from '../../../components/button.tsx';

/** Grey blocks where figures will be, announced once as loading. */
export function Skeleton({ rows = 3, label = t('REPORTS.LOADING') }: { rows?: number; label?: string }) {
  return (
    <div className="reports-skeleton" role="status" aria-live="polite">
      <span className="reports-visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="reports-skeleton__bar" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A report part that failed: what happened and a retry. */
export function ErrorState({ onRetry, message = t('REPORTS.ERROR') }: { onRetry: () => void; message?: string }) {
  return (
    <div className="reports-state reports-state--error" role="alert">
      <p>{message}</p>
      <Button size="small" onClick={onRetry}>
        {t('REPORTS.RETRY')}
      </Button>
    </div>
  );
}

/** No data in the range. */
export function EmptyState({ message = t('REPORTS.EMPTY'), hint = t('REPORTS.EMPTY_HINT') }: { message?: string; hint?: string | null }) {
  return (
    <div className="reports-state">
      <p className="reports-state__title">{message}</p>
      {hint ? <p className="reports-state__hint">{hint}</p> : null}
    </div>
  );
}
