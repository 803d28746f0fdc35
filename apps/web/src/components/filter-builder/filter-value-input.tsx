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
 * The value control of one row, by attribute type: a select of the attribute's options (several when a saved
 * query holds several), yes/no, a date, a number (days for `days_before`) or text.
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
    if (row.values.length > 1) {
      return (
        <select {...common} multiple size={Math.min(4, options.length)} value={row.values.map(String)} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => valueOf(o.value)))}>
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      );
    }
    return (
      <select {...common} value={first === undefined ? '' : String(first)} onChange={(e) => onChange(e.target.value === '' ? [] : [valueOf(e.target.value)])}>
        <option value="">{t('FILTER_BUILDER.CHOOSE')}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
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
