import { t } from '../../../lib/i18n/i18n.ts';

/** Grey cards in the shape of the real ones while the first page loads. */
export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="cw-skeleton" role="status" aria-label={t('CHAT_LIST.LOADING')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="cw-skeleton__card" aria-hidden="true">
          <span className="cw-skeleton__avatar" />
          <span className="cw-skeleton__lines">
            <span className="cw-skeleton__line" style={{ width: `${55 + ((i * 17) % 30)}%` }} />
            <span className="cw-skeleton__line cw-skeleton__line--muted" style={{ width: `${70 + ((i * 11) % 25)}%` }} />
            <span className="cw-skeleton__line cw-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
