import { useState } from 'react';
import { defaultDateRange, type DateRange } from '../../../components/date-range.ts';
import { reportsToday } from '../utils/dates.ts';
import { fitGroupBy, type SwitchGroupBy } from '../utils/range.ts';

/** The controls every range report shares: the period (last 7 days at first), the grouping and business hours. */
export function useReportControls() {
  const [range, setRangeState] = useState<DateRange>(() => defaultDateRange(reportsToday()));
  const [wantedGroupBy, setGroupBy] = useState<SwitchGroupBy>('day');
  const [businessHours, setBusinessHours] = useState(false);
  const groupBy = fitGroupBy(range, wantedGroupBy);
  return {
    range,
    groupBy,
    businessHours,
    setRange: (next: DateRange) => setRangeState(next),
    setGroupBy,
    setBusinessHours,
    input: { range, groupBy, businessHours },
  };
}

export type ReportControls = ReturnType<typeof useReportControls>;
