import { useId, type ReactNode } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { reportsToday } from '../utils/dates.ts';
import { groupByOptions } from '../utils/range.ts';
import type { ReportControls } from './use-report-controls.ts';

type ReportHeaderProps = {
  title: string;
  description: string;
  /** The period, grouping and business-hours controls; none on the live overview. */
  controls?: ReportControls;
  /** Without a chart the grouping has nothing to change. */
  showGroupBy?: boolean;
  showBusinessHours?: boolean;
  /** Filters and the download, after the shared controls. */
  children?: ReactNode;
};

/** A report's title, then its controls in one row that wraps on small screens. */
export function ReportHeader({ title, description, controls, showGroupBy = true, showBusinessHours = true, children }: ReportHeaderProps) {
  const groupId = useId();
  return (
    <header className="reports-header">
      <div className="reports-header__text">
        <h1>{title}</h1>
        <p>{description}</p>
      </div>
      <div className="reports-header__controls">
        {controls ? <DateRangePicker value={controls.range} onChange={controls.setRange} label={t('REPORTS.DATE_RANGE')} today={reportsToday()} /> : null}
        {controls && showGroupBy ? (
          <div className="reports-field">
            <label htmlFor={groupId}>{t('REPORTS.GROUP_BY')}</label>
            <select id={groupId} value={controls.groupBy} onChange={(event) => controls.setGroupBy(event.target.value as typeof controls.groupBy)}>
              {groupByOptions(controls.range).map((unit) => (
                <option key={unit} value={unit}>
                  {t(`REPORTS.GROUP_BY.${unit}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {controls && showBusinessHours ? <Toggle checked={controls.businessHours} onChange={controls.setBusinessHours} label={t('REPORTS.BUSINESS_HOURS')} size="small" /> : null}
        {children}
      </div>
    </header>
  );
}
