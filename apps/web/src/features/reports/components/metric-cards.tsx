import { t } from '../../../lib/i18n/i18n.ts';
import { signedPercent } from '../utils/format.ts';

export type MetricCardItem = {
  key: string;
  label: string;
  /** Formatted already (a count, a duration, a percent); null: nothing measured. */
  value: string | null;
  /** Percent change on the previous period; undefined: the card has no comparison, null: no base to compare. */
  change?: number | null;
  /** Durations: a fall is the good news. */
  lowerIsBetter?: boolean;
  hint?: string;
};

function Change({ change, lowerIsBetter }: { change: number | null; lowerIsBetter: boolean }) {
  if (change === null) return <span className="reports-change reports-change--none">{t('REPORTS.CHANGE.new')}</span>;
  if (change === 0) return <span className="reports-change reports-change--none">{t('REPORTS.CHANGE.same')}</span>;
  const good = change > 0 !== lowerIsBetter;
  const text = signedPercent(change);
  return (
    <span className={`reports-change reports-change--${good ? 'good' : 'bad'}`}>
      <span aria-hidden="true">{text}</span>
      <span className="reports-visually-hidden">{t(change > 0 ? 'REPORTS.CHANGE.up' : 'REPORTS.CHANGE.down', { value: text.slice(1) })}</span>
    </span>
  );
}

/**
 * The figures of a report, one card each: the value and, when there is one, the change against the previous
 * period as +/-% (green when it is good news, red when not, and said in words for screen readers). With
 * `onSelect` the cards pick the chart's metric (buttons, aria-pressed).
 */
export function MetricCards({ items, selected, onSelect, label = t('REPORTS.METRICS') }: { items: MetricCardItem[]; selected?: string; onSelect?: (key: string) => void; label?: string }) {
  return (
    <ul className="reports-cards" aria-label={label}>
      {items.map((item) => {
        const body = (
          <>
            <span className="reports-card__label">{item.label}</span>
            <span className="reports-card__value">{item.value ?? t('REPORTS.NO_VALUE')}</span>
            {item.change !== undefined ? <Change change={item.change} lowerIsBetter={item.lowerIsBetter ?? false} /> : null}
            {item.hint ? <span className="reports-card__hint">{item.hint}</span> : null}
          </>
        );
        return (
          <li key={item.key} className="reports-card-item">
            {onSelect ? (
              <button type="button" className={`reports-card reports-card--button${selected === item.key ? ' reports-card--selected' : ''}`} aria-pressed={selected === item.key} onClick={() => onSelect(item.key)}>
                {body}
              </button>
            ) : (
              <div className="reports-card">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
