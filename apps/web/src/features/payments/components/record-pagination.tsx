import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { pageCount, pageRange } from '../../../lib/pagination.ts';

type RecordPaginationProps = {
  page: number;
  perPage: number;
  total: number;
  /** The server stopped counting at `total` (PAYMENT_COUNT_CAP): there are more, "10,000+". */
  capped: boolean;
  /** How many rows this page holds: past a capped count, a full page may have a next one. */
  rowsOnPage: number;
  onChange: (page: number) => void;
  busy?: boolean;
};

const grouped = (n: number) => n.toLocaleString('en');

/**
 * "26–50 of 1,234" (or "of 10,000+" past the count cap), the page number, first / previous / next / last.
 * With a capped count the last page is unknown: "last" is off and "next" stays on while the page is full.
 */
export function RecordPagination({ page, perPage, total, capped, rowsOnPage, onChange, busy = false }: RecordPaginationProps) {
  const pages = pageCount(total, perPage);
  const { from, to } = pageRange(page, perPage, capped ? Math.max(total, (page - 1) * perPage + rowsOnPage) : total);
  const totalText = capped ? t('PAYMENTS.PAGINATION.CAPPED', { total: grouped(total) }) : grouped(total);
  const hasNext = page < pages || (capped && rowsOnPage === perPage);
  const go = (target: number) => () => onChange(Math.max(target, 1));
  return (
    <nav className="pagination" aria-label={t('PAYMENTS.PAGINATION.LABEL')} aria-busy={busy || undefined}>
      <p className="pagination__summary muted">{t('PAYMENTS.PAGINATION.SUMMARY', { from: grouped(from), to: grouped(to), total: totalText })}</p>
      <div className="pagination__controls">
        <Button size="small" variant="ghost" aria-label={t('PAYMENTS.PAGINATION.FIRST')} disabled={page <= 1} onClick={go(1)}>
          «
        </Button>
        <Button size="small" variant="ghost" aria-label={t('PAYMENTS.PAGINATION.PREVIOUS')} disabled={page <= 1} onClick={go(page - 1)}>
          ‹
        </Button>
        <span className="pagination__page" aria-current="page">
          {t(capped ? 'PAYMENTS.PAGINATION.PAGE_CAPPED' : 'PAYMENTS.PAGINATION.PAGE', { page: grouped(page), pages: grouped(pages) })}
        </span>
        <Button size="small" variant="ghost" aria-label={t('PAYMENTS.PAGINATION.NEXT')} disabled={!hasNext} onClick={go(page + 1)}>
          ›
        </Button>
        <Button size="small" variant="ghost" aria-label={t('PAYMENTS.PAGINATION.LAST')} disabled={capped || page >= pages} onClick={go(pages)}>
          »
        </Button>
      </div>
    </nav>
  );
}
