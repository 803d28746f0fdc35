import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { SUMMARY_STATUSES, type StatusCounts } from '../utils/summary-rows.ts';

const COLUMNS = [...SUMMARY_STATUSES, 'total'] as const;
const numbers = new Intl.NumberFormat();

const columnLabel = (column: (typeof COLUMNS)[number]) => t(`CONVERSATION_SUMMARIES.COLUMN.${column.toUpperCase()}` as MessageKey);

/** The count columns' headings: open, pending, snoozed, resolved, total. */
export function CountHeadings() {
  return (
    <>
      {COLUMNS.map((column) => (
        <th key={column} scope="col" className={`summary-table__count summary-table__count--${column}`}>
          {columnLabel(column)}
        </th>
      ))}
    </>
  );
}

/** One row's counts, in the headings' order; zero counts are quiet so the busy cells stand out. */
export function CountCells({ counts }: { counts: StatusCounts }) {
  return (
    <>
      {COLUMNS.map((column) => (
        <td key={column} className={`summary-table__count summary-table__count--${column}${counts[column] === 0 ? ' summary-table__count--zero' : ''}`} data-label={columnLabel(column)}>
          {numbers.format(counts[column])}
        </td>
      ))}
    </>
  );
}
