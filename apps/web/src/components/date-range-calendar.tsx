import { useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, format, isSameDay, isSameMonth, setMonth, setYear, startOfMonth, subMonths } from 'date-fns';
import { t } from '../lib/i18n/i18n.ts';
import { dayState, monthGrid, yearPage, YEARS_PER_PAGE } from './date-range.ts';

/** 000 section 4: each calendar has its own views. "week" is the day grid, week by week. */
export type CalendarView = 'week' | 'month' | 'year';

type DateRangeCalendarProps = {
  label: string;
  /** The month shown (any day in it). */
  month: Date;
  onMonthChange: (month: Date) => void;
  from: Date | null;
  to: Date | null;
  /** While only the start is picked, the day under the pointer previews the end. */
  hovered: Date | null;
  onHover: (day: Date | null) => void;
  onPick: (day: Date) => void;
  today: Date;
};

/** One month of the date-range picker, with a day grid (six weeks from Monday), a month view and a 10-year view. */
export function DateRangeCalendar({ label, month, onMonthChange, from, to, hovered, onHover, onPick, today }: DateRangeCalendarProps) {
  const [view, setView] = useState<CalendarView>('week');
  const [yearsFrom, setYearsFrom] = useState(() => yearPage(month.getFullYear())[0]!);
  const grid = useRef<HTMLDivElement>(null);
  const days = monthGrid(month);
  // The day that takes the Tab stop: the start when it is in view, else today in view, else the 1st.
  const focusDay = days.find((d) => from && isSameDay(d, from) && isSameMonth(d, month)) ?? days.find((d) => isSameDay(d, today) && isSameMonth(d, month)) ?? startOfMonth(month);
  const previewTo = from && !to && hovered && hovered >= from ? hovered : to;

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    const current = (event.target as HTMLElement).dataset.day;
    if (step === undefined || !current) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl' && Math.abs(step) === 1;
    const next = addDays(new Date(current), rtl ? -step : step);
    if (!isSameMonth(next, month)) onMonthChange(startOfMonth(next));
    requestAnimationFrame(() => grid.current?.querySelector<HTMLElement>(`[data-day="${format(next, 'yyyy-MM-dd')}T00:00"]`)?.focus());
  };

  const openYears = () => {
    setYearsFrom(yearPage(month.getFullYear())[0]!);
    setView('year');
  };

  return (
    <section className="date-calendar" aria-label={label}>
      {view === 'week' ? (
        <>
          <header className="date-calendar__header">
            <button type="button" className="date-calendar__nav" aria-label={t('WIDGETS.DATE_RANGE.PREVIOUS_MONTH')} onClick={() => onMonthChange(subMonths(month, 1))}>
              ‹
            </button>
            <span className="date-calendar__title">
              <button type="button" className="date-calendar__switch" aria-label={t('WIDGETS.DATE_RANGE.CHOOSE_MONTH', { month: format(month, 'MMMM') })} onClick={() => setView('month')}>
                {format(month, 'MMMM')}
              </button>
              <button type="button" className="date-calendar__switch" aria-label={t('WIDGETS.DATE_RANGE.CHOOSE_YEAR', { year: month.getFullYear() })} onClick={openYears}>
                {month.getFullYear()}
              </button>
            </span>
            <button type="button" className="date-calendar__nav" aria-label={t('WIDGETS.DATE_RANGE.NEXT_MONTH')} onClick={() => onMonthChange(addMonths(month, 1))}>
              ›
            </button>
          </header>
          <div className="date-calendar__weekdays" aria-hidden="true">
            {days.slice(0, 7).map((weekday) => (
              <span key={weekday.getDay()}>{format(weekday, 'EEEEEE')}</span>
            ))}
          </div>
          <div className="date-calendar__days" ref={grid} role="group" aria-label={format(month, 'MMMM yyyy')} onKeyDown={moveFocus} onMouseLeave={() => onHover(null)}>
            {days.map((day) => {
              const state = dayState(day, from, previewTo);
              const outside = !isSameMonth(day, month);
              const classes = ['date-calendar__day', `date-calendar__day--${state}`, outside && 'date-calendar__day--other-month', isSameDay(day, today) && 'date-calendar__day--today']
                .filter(Boolean)
                .join(' ');
              return (
                <button
                  key={day.toISOString()}
                  type="button"
                  className={classes}
                  data-day={`${format(day, 'yyyy-MM-dd')}T00:00`}
                  tabIndex={isSameDay(day, focusDay) ? 0 : -1}
                  aria-label={format(day, 'EEEE, MMMM d, yyyy')}
                  aria-pressed={state !== 'outside' && state !== 'inside'}
                  aria-current={isSameDay(day, today) ? 'date' : undefined}
                  onMouseEnter={() => onHover(day)}
                  onClick={() => onPick(day)}
                >
                  {day.getDate()}
                </button>
              );
            })}
          </div>
        </>
      ) : null}
      {view === 'month' ? (
        <>
          <header className="date-calendar__header">
            <button type="button" className="date-calendar__nav" aria-label={t('WIDGETS.DATE_RANGE.PREVIOUS_YEAR')} onClick={() => onMonthChange(subMonths(month, 12))}>
              ‹
            </button>
            <span className="date-calendar__title">
              <button type="button" className="date-calendar__switch" aria-label={t('WIDGETS.DATE_RANGE.CHOOSE_YEAR', { year: month.getFullYear() })} onClick={openYears}>
                {month.getFullYear()}
              </button>
            </span>
            <button type="button" className="date-calendar__nav" aria-label={t('WIDGETS.DATE_RANGE.NEXT_YEAR')} onClick={() => onMonthChange(addMonths(month, 12))}>
              ›
            </button>
          </header>
          <div className="date-calendar__cells" role="group" aria-label={String(month.getFullYear())}>
            {Array.from({ length: 12 }, (_, m) => setMonth(startOfMonth(month), m)).map((option) => (
              <button
                key={option.getMonth()}
                type="button"
                className="date-calendar__cell"
                aria-pressed={option.getMonth() === month.getMonth()}
                onClick={() => {
                  onMonthChange(option);
                  setView('week');
                }}
              >
                {format(option, 'MMM')}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {view === 'year' ? (
        <>
          <header className="date-calendar__header">
            <button type="button" className="date-calendar__nav" aria-label={t('WIDGETS.DATE_RANGE.PREVIOUS_YEARS')} onClick={() => setYearsFrom((y) => y - YEARS_PER_PAGE)}>
              ‹
            </button>
            <span className="date-calendar__title date-calendar__title--static">
              {yearsFrom} – {yearsFrom + YEARS_PER_PAGE - 1}
            </span>
            <button type="button" className="date-calendar__nav" aria-label={t('WIDGETS.DATE_RANGE.NEXT_YEARS')} onClick={() => setYearsFrom((y) => y + YEARS_PER_PAGE)}>
              ›
            </button>
          </header>
          <div className="date-calendar__cells" role="group" aria-label={`${yearsFrom} – ${yearsFrom + YEARS_PER_PAGE - 1}`}>
            {yearPage(yearsFrom).map((year) => (
              <button
                key={year}
                type="button"
                className="date-calendar__cell"
                aria-pressed={year === month.getFullYear()}
                onClick={() => {
                  onMonthChange(setYear(startOfMonth(month), year));
                  setView('month');
                }}
              >
                {year}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
