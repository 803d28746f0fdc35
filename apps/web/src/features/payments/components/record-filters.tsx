import { useId, useState, type FormEvent } from 'react';
import { endOfDay, parseISO } from 'date-fns';
import { PAYMENT_STATUSES, type PaymentKind } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { DateRangePicker } from '../../../components/date-range-picker.tsx';
import { DATE_RANGE_PRESETS, presetRange, type DateRange, type DateRangePreset } from '../../../components/date-range.ts';
import { FormField } from '../../../components/form-field.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { statusLabel } from '../utils/format.ts';
import type { TEXT_FILTERS} from '../utils/record-filters.ts';
import { dayOf, hasFilters, isValidFilter, type RecordFilters } from '../utils/record-filters.ts';

type TextKey = (typeof TEXT_FILTERS)[number] | 'amount_min' | 'amount_max';
type Draft = Record<TextKey, string>;
type Errors = Partial<Record<TextKey, string>>;

const FIELDS: { key: TextKey; label: MessageKey; hint?: MessageKey; placeholder?: MessageKey; inputMode?: 'numeric' | 'decimal' }[] = [
  { key: 'order_id', label: 'PAYMENTS.FILTERS.ORDER_ID' },
  { key: 'utr', label: 'PAYMENTS.FILTERS.UTR', hint: 'PAYMENTS.FILTERS.UTR_HINT', inputMode: 'numeric' },
  { key: 'upi_id', label: 'PAYMENTS.FILTERS.UPI_ID' },
  { key: 'customer', label: 'PAYMENTS.FILTERS.CUSTOMER', placeholder: 'PAYMENTS.FILTERS.CUSTOMER_PLACEHOLDER' },
  { key: 'amount_min', label: 'PAYMENTS.FILTERS.AMOUNT_MIN', inputMode: 'decimal' },
  { key: 'amount_max', label: 'PAYMENTS.FILTERS.AMOUNT_MAX', inputMode: 'decimal' },
];

const draftOf = (filters: RecordFilters): Draft => Object.fromEntries(FIELDS.map(({ key }) => [key, filters[key] ?? ''])) as Draft;

/** What is wrong with the typed filters, per field: a UTR that is no digits, an amount that is none, a range upside down. */
function checkDraft(kind: PaymentKind, draft: Draft): Errors {
  const errors: Errors = {};
  const utr = draft.utr.trim();
  if (utr && !isValidFilter(kind, 'utr', utr)) errors.utr = t('PAYMENTS.FILTERS.UTR_INVALID');
  for (const key of ['amount_min', 'amount_max'] as const) {
    const value = draft[key].trim();
    if (value && !isValidFilter(kind, key, value)) errors[key] = t('PAYMENTS.FILTERS.AMOUNT_INVALID');
  }
  const [min, max] = [draft.amount_min.trim(), draft.amount_max.trim()];
  if (!errors.amount_min && !errors.amount_max && min && max && Number(min) > Number(max)) errors.amount_max = t('PAYMENTS.FILTERS.AMOUNT_RANGE_INVALID');
  return errors;
}

/** The preset a range of days stands for today (the URL keeps days only), else custom. */
function presetOf(since: string, until: string, today: Date): DateRangePreset {
  const matches = (preset: Exclude<DateRangePreset, 'custom'>) => {
    const range = presetRange(preset, today);
    return dayOf(range.from) === since && dayOf(range.to) === until;
  };
  return DATE_RANGE_PRESETS.find((preset): preset is Exclude<DateRangePreset, 'custom'> => preset !== 'custom' && matches(preset)) ?? 'custom';
}

type RecordFiltersFormProps = {
  kind: PaymentKind;
  /** The applied filters (the URL's); the form starts from them. */
  filters: RecordFilters;
  onApply: (filters: RecordFilters) => void;
};

/**
 * The filters of a records tab. Status and the date range apply at once; the typed ones on Search (Enter),
 * checked first, so a half-typed UTR never sends a request.
 */
export function RecordFiltersForm({ kind, filters, onApply }: RecordFiltersFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [errors, setErrors] = useState<Errors>({});
  const typed = (): RecordFilters => Object.fromEntries(FIELDS.map(({ key }) => [key, draft[key].trim() || undefined])) as RecordFilters;
  const range: DateRange | null =
    filters.since && filters.until ? { from: parseISO(filters.since), to: endOfDay(parseISO(filters.until)), preset: presetOf(filters.since, filters.until, new Date()) } : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDraft(kind, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply({ ...filters, ...typed() });
  };
  const setRange = (next: DateRange | null) => onApply({ ...filters, since: next ? dayOf(next.from) : undefined, until: next ? dayOf(next.to) : undefined });

  return (
    <form className="payment-filters" role="search" aria-label={t('PAYMENTS.FILTERS.LABEL')} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-status`}>{t('PAYMENTS.FILTERS.STATUS')}</label>
        <select id={`${id}-status`} value={filters.status ?? ''} onChange={(e) => onApply({ ...filters, ...typed(), status: e.target.value || undefined })}>
          <option value="">{t('PAYMENTS.FILTERS.ANY_STATUS')}</option>
          {PAYMENT_STATUSES[kind].map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      {FIELDS.map(({ key, label, hint, placeholder, inputMode }) => (
        <FormField
          key={key}
          label={t(label)}
          name={key}
          autoComplete="off"
          inputMode={inputMode}
          hint={hint ? t(hint) : undefined}
          placeholder={placeholder ? t(placeholder) : undefined}
          value={draft[key]}
          error={errors[key]}
          onChange={(e) => {
            setDraft((current) => ({ ...current, [key]: e.target.value }));
            setErrors((current) => ({ ...current, [key]: undefined }));
          }}
        />
      ))}
      <div className={`field payment-filters__dates${range ? ' payment-filters__dates--range' : ''}`}>
        <span className="payment-filters__label">{t('PAYMENTS.FILTERS.DATE')}</span>
        {/* no range until one is chosen and applied in the picker: opening it filters nothing */}
        <div className="payment-filters__range">
          <DateRangePicker value={range} emptyText={t('PAYMENTS.FILTERS.ANY_DATE')} label={t('PAYMENTS.FILTERS.DATE')} onChange={setRange} />
          {range ? (
            <Button size="small" variant="ghost" aria-label={t('PAYMENTS.FILTERS.CLEAR_DATE')} onClick={() => setRange(null)}>
              ×
            </Button>
          ) : null}
        </div>
      </div>
      <div className="payment-filters__actions">
        <Button type="submit" variant="primary">
          {t('PAYMENTS.FILTERS.APPLY')}
        </Button>
        {hasFilters(filters) ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(draftOf({}));
              setErrors({});
              onApply({});
            }}
          >
            {t('PAYMENTS.FILTERS.CLEAR')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
