import { addDays, addHours, format, startOfDay } from 'date-fns';
import { HEATMAP_DAYS, HEATMAP_STEP_SECONDS, type ReportPoint } from '@app/shared/reports';
import { t } from '../../../lib/i18n/i18n.ts';
import { formatNumber } from '../utils/format.ts';

/** The colour steps of the scale, lightest (none) to darkest. */
export const HEATMAP_LEVELS = 5;

export type HeatmapGrid = { days: Date[]; counts: number[][]; max: number };

/**
 * The points laid out as HEATMAP_DAYS rows (days, oldest first) of 24 hours, in the viewer's calendar; a point
 * outside the window is left out, an hour without a point is 0.
 */
export function heatmapGrid(points: ReportPoint[], from: Date): HeatmapGrid {
  const first = startOfDay(from);
  const days = Array.from({ length: HEATMAP_DAYS }, (_, i) => addDays(first, i));
  const counts = days.map(() => Array.from({ length: 24 }, () => 0));
  for (const point of points) {
    const at = new Date(point.timestamp * 1000);
    const day = days.findIndex((d) => d.getTime() === startOfDay(at).getTime());
    if (day < 0) continue;
    counts[day]![at.getHours()]! += Number(point.value) || 0;
  }
  return { days, counts, max: Math.max(0, ...counts.flat()) };
}

/** A count's colour step: 0 for none, else 1..HEATMAP_LEVELS-1 in equal parts of the maximum. */
export const levelOf = (count: number, max: number) => (count <= 0 || max <= 0 ? 0 : Math.min(HEATMAP_LEVELS - 1, Math.ceil((count / max) * (HEATMAP_LEVELS - 1))));

/** The counts a colour step stands for, for the legend: [from, to]. */
function levelBounds(level: number, max: number): [number, number] {
  const step = max / (HEATMAP_LEVELS - 1);
  return [Math.floor(step * (level - 1)) + 1, Math.floor(step * level)];
}

const hourLabel = (hour: number) => format(addHours(startOfDay(new Date(2026, 0, 1)), hour), 'HH:mm');

/**
 * The conversation-traffic heatmap (001 section 9): one cell per hour (HEATMAP_STEP_SECONDS) over the last
 * HEATMAP_DAYS days, darker for more conversations, with a legend of the steps. A table: each cell names its
 * day, hour and count for screen readers; the grid scrolls sideways on small screens.
 */
export function Heatmap({ grid }: { grid: HeatmapGrid }) {
  const hours = Array.from({ length: (24 * 3600) / HEATMAP_STEP_SECONDS }, (_, i) => i);
  const legend = Array.from({ length: HEATMAP_LEVELS }, (_, level) => level).filter((level) => level === 0 || levelBounds(level, grid.max)[0] <= levelBounds(level, grid.max)[1]);
  return (
    <>
      <div className="reports-table-scroll" role="region" aria-label={t('REPORTS.HEATMAP.TITLE')} tabIndex={0}>
        <table className="reports-heatmap">
          <thead>
            <tr>
              <th scope="col">
                <span className="reports-visually-hidden">{t('REPORTS.HEATMAP.DAY')}</span>
              </th>
              {hours.map((hour) => (
                <th key={hour} scope="col" className="reports-heatmap__hour">
                  <span aria-hidden="true">{hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}</span>
                  <span className="reports-visually-hidden">{hourLabel(hour)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.days.map((day, row) => (
              <tr key={day.getTime()}>
                <th scope="row" className="reports-heatmap__day">
                  {format(day, 'EEE d')}
                </th>
                {hours.map((hour) => {
                  const count = grid.counts[row]![hour]!;
                  const text = t('REPORTS.HEATMAP.CELL', { day: format(day, 'EEEE d MMM'), hour: hourLabel(hour), count: formatNumber(count) });
                  return (
                    <td key={hour} className={`reports-heatmap__cell reports-heatmap__cell--${levelOf(count, grid.max)}`} title={text}>
                      <span className="reports-visually-hidden">{text}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="reports-heatmap__legend" aria-label={t('REPORTS.HEATMAP.LEGEND')} role="group">
        <span>{t('REPORTS.HEATMAP.LESS')}</span>
        <ul>
          {legend.map((level) => {
            const [from, to] = levelBounds(level, grid.max);
            const label = level === 0 ? t('REPORTS.HEATMAP.NONE') : from === to ? formatNumber(to) : t('REPORTS.HEATMAP.LEVEL', { from: formatNumber(from), to: formatNumber(to) });
            return (
              <li key={level}>
                <span className={`reports-heatmap__swatch reports-heatmap__cell--${level}`} aria-hidden="true" />
                <span>{label}</span>
              </li>
            );
          })}
        </ul>
        <span>{t('REPORTS.HEATMAP.MORE')}</span>
      </div>
    </>
  );
}
