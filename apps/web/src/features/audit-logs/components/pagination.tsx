import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { pageCount, pageRange } from '../../../lib/pagination.ts';

type PaginationProps = { page: number; perPage: number; total: number; onChange: (page: number) => void; busy?: boolean };

/** "16–30 of 42", the page number, and first / previous / next / last buttons (disabled at the ends). */
export function Pagination({ page, perPage, total, onChange, busy = false }: PaginationProps) {
  const pages = pageCount(total, perPage);
  const { from, to } = pageRange(page, perPage, total);
  const go = (target: number) => () => onChange(Math.min(Math.max(target, 1), pages));
  return (
    <nav className="pagination" aria-label={t('AUDIT_LOGS.PAGINATION.LABEL')} aria-busy={busy || undefined}>
      <p className="pagination__summary muted">{t('AUDIT_LOGS.PAGINATION.SUMMARY', { from, to, total })}</p>
      <div className="pagination__controls">
        <Button size="small" variant="ghost" aria-label={t('AUDIT_LOGS.PAGINATION.FIRST')} disabled={page <= 1} onClick={go(1)}>
          «
        </Button>
        <Button size="small" variant="ghost" aria-label={t('AUDIT_LOGS.PAGINATION.PREVIOUS')} disabled={page <= 1} onClick={go(page - 1)}>
          ‹
        </Button>
        <span className="pagination__page" aria-current="page">
          {t('AUDIT_LOGS.PAGINATION.PAGE', { page, pages })}
        </span>
        <Button size="small" variant="ghost" aria-label={t('AUDIT_LOGS.PAGINATION.NEXT')} disabled={page >= pages} onClick={go(page + 1)}>
          ›
        </Button>
        <Button size="small" variant="ghost" aria-label={t('AUDIT_LOGS.PAGINATION.LAST')} disabled={page >= pages} onClick={go(pages)}>
          »
        </Button>
      </div>
    </nav>
  );
}
