import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PaymentRecord, PaymentStatusChange } from '@app/shared/payments';
import { PAYMENT_TRANSITIONS, type PaymentKind } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useRecordDetail } from '../api.ts';
import { formatAmount } from '../../../lib/amount.ts';
import { formatTime, statusLabel } from '../utils/format.ts';
import { StatusBadge } from './status-badge.tsx';
import { actionLabel, StatusChangeDialog } from './status-change-dialog.tsx';

type RecordDrawerProps = { accountId: number; kind: PaymentKind; recordId: number; canUpdate: boolean; onClose: () => void };

function actorText(change: PaymentStatusChange) {
  if (change.actor.type === 'user') return change.actor.name ? t('PAYMENTS.DRAWER.BY_USER', { name: change.actor.name }) : null;
  return t(change.actor.type === 'import' ? 'PAYMENTS.DRAWER.BY_IMPORT' : 'PAYMENTS.DRAWER.BY_SYSTEM');
}

function History({ history }: { history: PaymentStatusChange[] }) {
  if (history.length === 0) return <p className="muted">{t('PAYMENTS.DRAWER.NO_HISTORY')}</p>;
  return (
    <ol className="payment-history">
      {history.map((change) => (
        <li key={change.id}>
          <p className="payment-history__change">
            {change.from_status
              ? t('PAYMENTS.DRAWER.CHANGED', { from: statusLabel(change.from_status), to: statusLabel(change.to_status) })
              : t('PAYMENTS.DRAWER.CREATED_AS', { to: statusLabel(change.to_status) })}
          </p>
          <p className="muted">
            <time dateTime={change.created_at}>{formatTime(change.created_at)}</time> {actorText(change)}
          </p>
          {change.reason ? <p className="payment-history__reason">{change.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

const extraText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function Details({ record }: { record: PaymentRecord }) {
  const none = <span className="muted">{t('PAYMENTS.LIST.NONE')}</span>;
  const rows: [string, ReactNode][] = [
    [t('PAYMENTS.LIST.STATUS'), <StatusBadge key="status" status={record.status} />],
    [t('PAYMENTS.LIST.AMOUNT'), formatAmount(record.amount, record.currency)],
    [t('PAYMENTS.LIST.INBOX'), record.inbox_name],
    [t('PAYMENTS.LIST.UTR'), record.utr ?? none],
    [t('PAYMENTS.LIST.UPI_ID'), record.upi_id ?? none],
    [t('PAYMENTS.LIST.CUSTOMER'), record.customer_name ?? none],
    [t('PAYMENTS.DRAWER.CUSTOMER_REFERENCE'), record.customer_reference ?? none],
    [
      t('PAYMENTS.DRAWER.CONVERSATION'),
      record.conversation_id ? (
        <Link key="conversation" to={accountPath(record.account_id, `conversations/${record.conversation_id}`)}>
          {t('PAYMENTS.DRAWER.OPEN_CONVERSATION', { id: record.conversation_id })}
        </Link>
      ) : (
        none
      ),
    ],
    [t('PAYMENTS.LIST.CREATED'), formatTime(record.created_at)],
    [t('PAYMENTS.DRAWER.UPDATED'), formatTime(record.updated_at)],
  ];
  const extras = Object.entries(record.extras);
  return (
    <>
      <dl className="payment-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="payment-drawer__heading">{t('PAYMENTS.DRAWER.EXTRAS')}</h3>
      {extras.length === 0 ? (
        <p className="muted">{t('PAYMENTS.DRAWER.NO_EXTRAS')}</p>
      ) : (
        <dl className="payment-details payment-details--extras">
          {extras.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{extraText(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

/**
 * A record in a side panel (GET withdraws|recharges/:id): details, extra fields, the status history, and a
 * button for each status the record may move to (PAYMENT_TRANSITIONS), each asking first.
 */
export function RecordDrawer({ accountId, kind, recordId, canUpdate, onClose }: RecordDrawerProps) {
  const detail = useRecordDetail(accountId, kind, recordId);
  const [changeTo, setChangeTo] = useState<string | null>(null);
  const record = detail.data;
  const targets = record ? (PAYMENT_TRANSITIONS[kind][record.status] ?? []) : [];
  return (
    <>
      <Modal show placement="right" title={t(`PAYMENTS.DRAWER.TITLE.${kind}`, { order: record?.order_id ?? '' })} onClose={onClose}>
        <div className="payment-drawer">
          {detail.isPending ? <PageStatus kind="loading" message={t('PAYMENTS.DRAWER.LOADING')} /> : null}
          {detail.isError ? (
            <PageStatus kind="error" message={t('PAYMENTS.DRAWER.ERROR')} action={<Button onClick={() => void detail.refetch()}>{t('PAYMENTS.LIST.RETRY')}</Button>} />
          ) : null}
          {record ? (
            <>
              {canUpdate ? (
                <section aria-label={t('PAYMENTS.DRAWER.ACTIONS')} className="payment-drawer__actions">
                  {targets.length === 0 ? <p className="muted">{t('PAYMENTS.DRAWER.FINAL')}</p> : null}
                  {targets.map((to) => (
                    <Button key={to} size="small" variant={to === 'failed' || to === 'undelivered' ? 'danger' : 'secondary'} onClick={() => setChangeTo(to)}>
                      {actionLabel(kind, to)}
                    </Button>
                  ))}
                </section>
              ) : null}
              <h3 className="payment-drawer__heading">{t('PAYMENTS.DRAWER.DETAILS')}</h3>
              <Details record={record} />
              <h3 className="payment-drawer__heading">{t('PAYMENTS.DRAWER.HISTORY')}</h3>
              <History history={record.history} />
            </>
          ) : null}
        </div>
      </Modal>
      {record && changeTo ? <StatusChangeDialog accountId={accountId} record={record} to={changeTo} onClose={() => setChangeTo(null)} /> : null}
    </>
  );
}
