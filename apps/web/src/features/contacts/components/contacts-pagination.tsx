import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { pageCount, pageRange } from '../../../lib/pagination.ts';
import { grouped } from '../utils/format.ts';

type ContactsPaginationProps = { page: number; perPage: number; total: number; onChange: (page: number) => void; busy?: boolean };

/** "16–30 of 1,234", the page number, first / previous / next / last. */
export function ContactsPagination({ page, perPage, total, onChange, busy = false }: ContactsPaginationProps) {
  const pages = pageCount(total, perPage);
  const { from, to } = pageRange(page, perPage, total);
  const go = (target: number) => () => onChange(Math.min(Math.max(target, 1), pages));
  return (
    <nav className="pagination" aria-label={t('CONTACTS.PAGINATION.LABEL')} aria-busy={busy || undefined}>
      <p className="pagination__summary muted">{t('CONTACTS.PAGINATION.SUMMARY', { from: grouped(from), to: grouped(to), total: grouped(total) })}</p>
      <div className="pagination__controls">
        <Button size="small" variant="ghost" aria-label={t('CONTACTS.PAGINATION.FIRST')} disabled={page <= 1} onClick={go(1)}>
          «
        </Button>
        <Button size="small" variant="ghost" aria-label={t('CONTACTS.PAGINATION.PREVIOUS')} disabled={page <= 1} onClick={go(page - 1)}>
          ‹
        </Button>
        <span className="pagination__page" aria-current="page">
          {t('CONTACTS.PAGINATION.PAGE', { page: grouped(page), pages: grouped(pages) })}
        </span>
        <Button size="small" variant="ghost" aria-label={t('CONTACTS.PAGINATION.NEXT')} disabled={page >= pages} onClick={go(page + 1)}>
          ›
        </Button>
        <Button size="small" variant="ghost" aria-label={t('CONTACTS.PAGINATION.LAST')} disabled={page >= pages} onClick={go(pages)}>
          »
        </Button>
      </div>
    </nav>
  );
}
