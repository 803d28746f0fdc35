import { t } from '../../lib/i18n/i18n.ts';
import type { FilterAttribute, FilterRow, FilterValue } from './types.ts';

type ValueInputProps = {
  id: string;
  row: FilterRow;
  attribute: FilterAttribute | undefined;
  label: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (values: FilterValue[]) => void;
};

/** `<input type=date>` gives YYYY-MM-DD, the whole-day form the API takes; a stored instant shows as its day. */
const dayOf = (value: FilterValue | undefined) => (typeof value === 'string' ? value.slice(0, 10) : '');

/**
 * The value control of one row, by attribute type: the attribute's options (one or several, as chips), yes/no,
 * a date, a number (days for `days_before`) or text.
 */
export function FilterValueInput({ id, row, attribute, label, invalid, describedBy, onChange }: ValueInputProps) {
  const common = { id, 'aria-label': label, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, className: 'filter-builder__control' };
  const first = row.values[0];
  if (row.filter_operator === 'days_before') {
    return <input key="days" {...common} aria-label={`${label}: ${t('FILTER_BUILDER.DAYS')}`} type="number" inputMode="numeric" min={0} max={36500} step={1} value={first === undefined ? '' : String(first)} onChange={(e) => onChange(e.target.value === '' ? [] : [Number(e.target.value)])} />;
  }
  if (attribute?.type === 'boolean') {
    return (
      <select {...common} value={first === undefined ? '' : String(first)} onChange={(e) => onChange(e.target.value === '' ? [] : [e.target.value === 'true'])}>
        <option value="">{t('FILTER_BUILDER.CHOOSE')}</option>
        <option value="true">{t('FILTER_BUILDER.TRUE')}</option>
        <option value="false">{t('FILTER_BUILDER.FALSE')}</option>
      </select>
    );
  }
  if (attribute?.options) {
    const options = attribute.options;
    // Option values keep their type (ids are numbers): the select's strings are mapped back through the list.
    const valueOf = (text: string) => options.find((o) => String(o.value) === text)?.value ?? text;
    const labelOf = (value: FilterValue) => options.find((o) => String(o.value) === String(value))?.label ?? String(value);
    const chosen = new Set(row.values.map(String));
    // is / is not take any of several values: the select adds one, each chosen one is a chip that removes it
    return (
      <div className="filter-builder__multi">
        {row.values.length > 0 ? (
          <ul className="filter-builder__chips" aria-label={`${label}: ${t('FILTER_BUILDER.CHOSEN')}`}>
            {row.values.map((value) => (
              <li key={String(value)} className="filter-builder__chip">
                <span>{labelOf(value)}</span>
                <button
                  type="button"
                  aria-label={t('FILTER_BUILDER.REMOVE_VALUE', { value: labelOf(value) })}
                  onClick={() => onChange(row.values.filter((v) => String(v) !== String(value)))}
                >
                  <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true">
                    <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <select {...common} value="" onChange={(e) => (e.target.value === '' ? undefined : onChange([...row.values, valueOf(e.target.value)]))}>
          <option value="">{row.values.length > 0 ? t('FILTER_BUILDER.ADD_VALUE') : t('FILTER_BUILDER.CHOOSE')}</option>
          {options
            .filter((o) => !chosen.has(String(o.value)))
            .map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
        </select>
      </div>
    );
  }
  if (attribute?.type === 'date') {
    return <input {...common} type="date" value={dayOf(first)} onChange={(e) => onChange(e.target.value ? [e.target.value] : [])} />;
  }
  if (attribute?.type === 'number' || attribute?.type === 'id') {
    return (
      <input
        {...common}
        type="number"
        inputMode={attribute.type === 'id' ? 'numeric' : 'decimal'}
        step={attribute.type === 'id' ? 1 : 'any'}
        min={attribute.type === 'id' ? 0 : undefined}
        value={first === undefined ? '' : String(first)}
        onChange={(e) => onChange(e.target.value === '' ? [] : [Number(e.target.value)])}
      />
    );
  }
  return <input {...common} type="text" value={first === undefined ? '' : String(first)} onChange={(e) => onChange(e.target.value === '' ? [] : [e.target.value])} />;
}
