import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportGroupBy, ReportPoint } from '@app/shared/reports';
import { bucketLabel } from '../utils/dates.ts';
import { formatDuration, formatNumber } from '../utils/format.ts';

const HEIGHT = 260;

type ChartCanvasProps = { points: ReportPoint[]; label: string; duration: boolean; groupBy: ReportGroupBy };

/**
 * The drawn chart (uPlot, a chunk of its own: only report screens download it). The x axis is the buckets in
 * order, labelled in the report zone; the y axis counts or durations. Follows its box's width, so it fits small
 * screens; always left to right (time runs that way in RTL interfaces too).
 */
export default function ChartCanvas({ points, label, duration, groupBy }: ChartCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = points.map((_, i) => i);
    const ys = points.map((p) => Number(p.value) || 0);
    const yValue = (v: number) => (duration ? (formatDuration(v) ?? '') : formatNumber(v));
    const styles = getComputedStyle(element);
    const colour = styles.getPropertyValue('--primary').trim() || '#1f6feb';
    const grid = { stroke: styles.getPropertyValue('--border').trim() || '#dde3ec', width: 1 };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        series: [
          {},
          {
            label,
            stroke: colour,
            width: 2,
            fill: `${colour}22`,
            points: { show: points.length <= 60, size: 6 },
            value: (_u, v) => (v === null ? '' : yValue(v)),
          },
        ],
        axes: [
          {
            grid,
            stroke: styles.color,
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && points[i] ? bucketLabel(points[i].timestamp, groupBy) : '')),
          },
          { grid, stroke: styles.color, size: 64, values: (_u, splits) => splits.map(yValue) },
        ],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, label, duration, groupBy]);
  return <div ref={host} className="reports-chart__canvas" dir="ltr" aria-hidden="true" />;
}
