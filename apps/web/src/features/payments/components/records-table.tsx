import type { PaymentRecord } from '@app/shared/payments';
import type { PaymentKind } from '@app/shared/payments-constants';
import { t } from '../../../lib/i18n/i18n.ts';
import { formatAmount } from '../../../lib/amount.ts';
import { formatShortTime, formatTime } from '../utils/format.ts';
import { StatusBadge } from './status-badge.tsx';

const SKELETON_ROWS = 8;
const COLUMNS = ['PAYMENTS.LIST.ORDER_ID', 'PAYMENTS.LIST.INBOX', 'PAYMENTS.LIST.CUSTOMER', 'PAYMENTS.LIST.AMOUNT', 'PAYMENTS.LIST.UTR', 'PAYMENTS.LIST.UPI_ID', 'PAYMENTS.LIST.STATUS', 'PAYMENTS.LIST.CREATED'] as const;

type Column = (typeof COLUMNS)[number];
/** The inbox column only says something when the list holds several inboxes. */
const columnsFor = (showInbox: boolean): readonly Column[] => (showInbox ? COLUMNS : COLUMNS.filter((key) => key !== 'PAYMENTS.LIST.INBOX'));

function Header({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((key) => (
          <th key={key} scope="col" className={key === 'PAYMENTS.LIST.AMOUNT' ? 'payment-table__amount' : undefined}>
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The table's shape while the first page loads: the header and grey bars where the rows will be. */
export function RecordsSkeleton({ showInbox = true }: { showInbox?: boolean }) {
  const columns = columnsFor(showInbox);
  return (
    <div className="settings-table-wrap" role="status" aria-label={t('PAYMENTS.LIST.LOADING')}>
      <table className="settings-table payment-table" aria-hidden="true">
        <Header columns={columns} />
        <tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <tr key={row}>
              {columns.map((key, column) => (
                <td key={key}>
                  <span className="payment-skeleton" style={{ inlineSize: `${45 + ((row * 7 + column * 13) % 45)}%` }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const orNone = (value: string | null) => value || <span className="muted">{t('PAYMENTS.LIST.NONE')}</span>;

type RecordsTableProps = { kind: PaymentKind; records: PaymentRecord[]; showInbox: boolean; busy: boolean; onOpen: (record: PaymentRecord) => void };

/** A page of records; the order id opens the record's panel. */
export function RecordsTable({ kind, records, showInbox, busy, onOpen }: RecordsTableProps) {
  return (
    <div className="settings-table-wrap">
      <table className="settings-table payment-table" aria-label={t(`PAYMENTS.LIST.TABLE.${kind}`)} aria-busy={busy || undefined}>
        <Header columns={columnsFor(showInbox)} />
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <th scope="row">
                <button type="button" className="payment-table__open" aria-label={t('PAYMENTS.LIST.OPEN', { order: record.order_id })} onClick={() => onOpen(record)}>
                  {record.order_id}
                </button>
              </th>
              {showInbox ? <td className="payment-table__inbox">{record.inbox_name}</td> : null}
              <td className="payment-table__customer">{orNone(record.customer_name ?? record.customer_reference)}</td>
              <td className="payment-table__amount">{formatAmount(record.amount, record.currency)}</td>
              <td className="payment-table__code">{orNone(record.utr)}</td>
              <td className="payment-table__upi" title={record.upi_id ?? undefined}>
                {orNone(record.upi_id)}
              </td>
              <td>
                <StatusBadge status={record.status} />
              </td>
              <td className="payment-table__time">
                <time dateTime={record.created_at} title={formatTime(record.created_at)}>
                  {formatShortTime(record.created_at)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
