import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { endOfDay, format, isAfter, isBefore, isSameMonth, startOfDay, startOfMonth, subMonths } from 'date-fns';
import { t, type MessageKey } from '../lib/i18n/i18n.ts';
import { Button } from './button.tsx';
import { DateRangeCalendar } from './date-range-calendar.tsx';
import { DATE_RANGE_PRESETS, defaultDateRange, formatTypedDate, localeDateFormat, parseTypedDate, pickDay, presetRange, type DateRange, type DateRangePreset } from './date-range.ts';
import { useAnchoredPosition } from './use-anchored-position.ts';
import './date-range-picker.css';

type DateRangePickerProps = {
  /** The range applied; null for none yet (a filter not set), shown as `emptyText`, the panel opening on the default. */
  value: DateRange | null;
  /** The trigger's text while there is no range ("Any date"). */
  emptyText?: string;
  /** Called on Apply with a valid range (whole days: from at 00:00, to at 23:59:59.999). */
  onChange: (range: DateRange) => void;
  /** Names the trigger; "Date range" by default. */
  label?: string;
  /** The typed-date pattern follows this locale (000 section 5); the page's language by default. */
  locale?: string;
  /** Today, for the presets; the clock by default (tests pass a fixed day). */
  today?: Date;
};

type Draft = { from: Date | null; to: Date | null; preset: DateRangePreset };
type Side = 'start' | 'end';

export const presetLabel = (preset: DateRangePreset) => t(`WIDGETS.DATE_RANGE.PRESET.${preset.toUpperCase()}` as MessageKey);

/** The two months shown: the start's month and the end's, or the end's and the one before when they are the same. */
function monthsFor(from: Date | null, to: Date | null, today: Date): [Date, Date] {
  const end = startOfMonth(to ?? from ?? today);
  const start = startOfMonth(from ?? subMonths(end, 1));
  return isSameMonth(start, end) || isAfter(start, end) ? [subMonths(end, 1), end] : [start, end];
}

/**
 * The date-range picker (000 sections 2, 4, 5, 9): a button showing the range, opening presets (last 7 days by
 * default … last year, custom) beside two calendars, each with its own day, month and 10-year views, and two
 * typed dates in the locale's pattern. A first day picked starts a custom range, the next at or after it ends
 * it. Apply hands the range on; Cancel, Escape or a click outside closes without a change.
 */
export function DateRangePicker({ value, onChange, label, locale, emptyText, today: givenToday }: DateRangePickerProps) {
  const today = givenToday ?? new Date();
  const initial = value ?? defaultDateRange(today);
  const pattern = localeDateFormat(locale ?? (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en'));
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const floating = useAnchoredPosition(open, trigger, panel);
  const [draft, setDraft] = useState<Draft>(initial);
  const [months, setMonths] = useState<[Date, Date]>(() => monthsFor(initial.from, initial.to, today));
  const [texts, setTexts] = useState({ start: '', end: '' });
  const [errors, setErrors] = useState<{ start?: string; end?: string; range?: string }>({});
  const [hovered, setHovered] = useState<Date | null>(null);

  const show = (next: Draft, moveMonths = true) => {
    setDraft(next);
    setTexts({ start: next.from ? formatTypedDate(next.from, pattern) : '', end: next.to ? formatTypedDate(next.to, pattern) : '' });
    if (moveMonths) setMonths(monthsFor(next.from, next.to, today));
  };

  const openPanel = () => {
    show({ ...initial });
    setErrors({});
    setOpen(true);
  };
  const close = (focusTrigger = true) => {
    setOpen(false);
    setHovered(null);
    if (focusTrigger) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
    const onDown = (event: MouseEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setOpen(false);
      setHovered(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here: a modal around the picker stays open.
    event.preventDefault();
    close();
  };

  const choosePreset = (preset: DateRangePreset) => {
    setErrors({});
    // Custom starts empty: the next day picked is the start.
    show(preset === 'custom' ? { from: null, to: null, preset } : { ...presetRange(preset, today), preset });
  };

  const pick = (day: Date) => {
    setErrors({});
    show({ ...pickDay(draft, day), preset: 'custom' }, false);
  };

  /** A typed date, read when its field is left or Enter is pressed (000 section 5). */
  const commit = (side: Side) => {
    const text = texts[side];
    const parsed = parseTypedDate(text, pattern);
    if (!parsed) {
      setErrors((e) => ({ ...e, [side]: text.trim() || draft[side === 'start' ? 'from' : 'to'] ? t('WIDGETS.DATE_RANGE.INVALID_FORMAT', { format: pattern }) : undefined, range: undefined }));
      return;
    }
    if (side === 'start') {
      if (draft.to && isAfter(parsed, draft.to)) return setErrors((e) => ({ ...e, start: t('WIDGETS.DATE_RANGE.START_AFTER_END'), range: undefined }));
      setErrors((e) => ({ ...e, start: undefined, range: undefined }));
      show({ ...draft, from: startOfDay(parsed), preset: 'custom' });
    } else {
      if (draft.from && isBefore(parsed, startOfDay(draft.from))) return setErrors((e) => ({ ...e, end: t('WIDGETS.DATE_RANGE.END_BEFORE_START'), range: undefined }));
      setErrors((e) => ({ ...e, end: undefined, range: undefined }));
      show({ ...draft, to: endOfDay(parsed), preset: 'custom' });
    }
  };

  const apply = () => {
    const valid = draft.from && draft.to && !errors.start && !errors.end && !isAfter(draft.from, draft.to);
    if (!valid) {
      setErrors((e) => ({ ...e, range: t('WIDGETS.DATE_RANGE.INVALID_RANGE') }));
      return;
    }
    onChange({ from: startOfDay(draft.from!), to: endOfDay(draft.to!), preset: draft.preset });
    close();
  };

  const rangeText = value ? `${format(value.from, 'MMM d, yyyy')} – ${format(value.to, 'MMM d, yyyy')}` : (emptyText ?? '');
  const field = (side: Side) => {
    const inputId = `${id}-${side}`;
    const error = errors[side];
    return (
      <div className={`field date-range-picker__field${error ? ' field--error' : ''}`}>
        <label htmlFor={inputId}>{t(side === 'start' ? 'WIDGETS.DATE_RANGE.START' : 'WIDGETS.DATE_RANGE.END')}</label>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          placeholder={pattern}
          value={texts[side]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setTexts((current) => ({ ...current, [side]: e.target.value }))}
          onBlur={() => commit(side)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit(side);
            }
          }}
        />
        {error ? (
          <p className="field__error" id={`${inputId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="date-range-picker" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={trigger}
        type="button"
        className="date-range-picker__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${label ?? t('WIDGETS.DATE_RANGE.LABEL')}: ${!value || value.preset === 'custom' ? '' : `${presetLabel(value.preset)}, `}${rangeText}`}
        onClick={() => (open ? close() : openPanel())}
      >
        <svg className="date-range-picker__icon" viewBox="0 0 20 20" aria-hidden="true">
          <rect x="3" y="4.5" width="14" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M3 8.5h14M7 3v3M13 3v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        {!value || value.preset === 'custom' ? null : <span className="date-range-picker__preset">{presetLabel(value.preset)}</span>}
        <span className="date-range-picker__dates">{rangeText}</span>
        <span className="date-range-picker__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div ref={panel} className="date-range-picker__panel" role="dialog" aria-label={label ?? t('WIDGETS.DATE_RANGE.LABEL')} {...floating}>
          <div className="date-range-picker__presets" role="group" aria-label={t('WIDGETS.DATE_RANGE.PRESETS')}>
            {DATE_RANGE_PRESETS.map((preset) => (
              <button key={preset} type="button" className="date-range-picker__preset-option" aria-pressed={draft.preset === preset} onClick={() => choosePreset(preset)}>
                {presetLabel(preset)}
              </button>
            ))}
          </div>
          <div className="date-range-picker__main">
            <div className="date-range-picker__calendars">
              {(['start', 'end'] as const).map((side, index) => (
                <DateRangeCalendar
                  key={side}
                  label={t(side === 'start' ? 'WIDGETS.DATE_RANGE.START_CALENDAR' : 'WIDGETS.DATE_RANGE.END_CALENDAR')}
                  month={months[index]!}
                  onMonthChange={(month) => setMonths((current) => (index === 0 ? [month, current[1]] : [current[0], month]))}
                  from={draft.from}
                  to={draft.to}
                  hovered={hovered}
                  onHover={setHovered}
                  onPick={pick}
                  today={today}
                />
              ))}
            </div>
            <p className="date-range-picker__status" role="status">
              {draft.from && !draft.to ? t('WIDGETS.DATE_RANGE.SELECTING_END') : ''}
            </p>
            <div className="date-range-picker__inputs">
              {field('start')}
              {field('end')}
            </div>
            <footer className="date-range-picker__footer">
              <p className="date-range-picker__error" role="alert">
                {errors.range ?? ''}
              </p>
              <Button size="small" onClick={() => close()}>
                {t('WIDGETS.DATE_RANGE.CANCEL')}
              </Button>
              <Button size="small" variant="primary" onClick={apply}>
                {t('WIDGETS.DATE_RANGE.APPLY')}
              </Button>
            </footer>
          </div>
        </div>
      ) : null}
    </div>
  );
}
