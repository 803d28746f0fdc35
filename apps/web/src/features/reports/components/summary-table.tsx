import { useState } from 'react';
import type { SummaryRow } from '@app/shared/reports';
import { t } from '../../../lib/i18n/i18n.ts';
import { formatDuration, formatNumber } from '../utils/format.ts';

export type NamedRow = SummaryRow & { name: string };
const COLUMNS = ['name', 'conversations_count', 'resolved_conversations_count', 'avg_first_response_time', 'avg_resolution_time', 'avg_reply_time'] as const;
type Column = (typeof COLUMNS)[number];
export type TableSort = { column: Column; direction: 'ascending' | 'descending' };

/** Sorts rows by a column; unmeasured durations (null) go last either way, ties by name. */
export function sortRows(rows: NamedRow[], { column, direction }: TableSort): NamedRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (column === 'name') return sign * a.name.localeCompare(b.name);
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    return sign * (x - y) || a.name.localeCompare(b.name);
  });
}

const cell = (row: NamedRow, column: Exclude<Column, 'name'>) =>
  column === 'conversations_count' || column === 'resolved_conversations_count' ? formatNumber(row[column]) : (formatDuration(row[column]) ?? t('REPORTS.NO_VALUE'));

/**
 * The report table: one row per agent, label, inbox or team, every column sortable (a button in its header,
 * aria-sort on the header). Scrolls sideways on small screens.
 */
export function SummaryTable({ rows, nameLabel, caption }: { rows: NamedRow[]; nameLabel: string; caption: string }) {
  const [sort, setSort] = useState<TableSort>({ column: 'conversations_count', direction: 'descending' });
  const sorted = sortRows(rows, sort);
  const toggle = (column: Column) =>
    setSort((current) => ({ column, direction: current.column === column ? (current.direction === 'ascending' ? 'descending' : 'ascending') : column === 'name' ? 'ascending' : 'descending' }));
  return (
    <div className="reports-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="reports-table">
        <caption className="reports-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const label = column === 'name' ? nameLabel : t(`REPORTS.TABLE.${column}`);
              const active = sort.column === column;
              return (
                <th key={column} scope="col" aria-sort={active ? sort.direction : 'none'} className={column === 'name' ? undefined : 'reports-table__number'}>
                  <button type="button" className="reports-table__sort" onClick={() => toggle(column)}>
                    {label}
                    <span aria-hidden="true" className="reports-table__arrow">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              {COLUMNS.slice(1).map((column) => (
                <td key={column} className="reports-table__number">
                  {cell(row, column as Exclude<Column, 'name'>)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
