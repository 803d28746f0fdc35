import type { OcrResult, PaymentRecord } from '@app/shared/payments';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { formatAmount } from '../../../lib/amount.ts';

type OcrMatchesProps = {
  matches: OcrResult['matches'];
  /** Offered on matched withdraws when the user may raise a withdraw issue. */
  onRaiseIssue: ((orderId: string) => void) | null;
};

/**
 * The withdraw and recharge records the screenshot matches (by UTR, or UPI id and amount), or that there is none.
 * One card per record rather than a table: the panel sits in a message column that may be narrow.
 */
export function OcrMatches({ matches, onRaiseIssue }: OcrMatchesProps) {
  const records: PaymentRecord[] = [...matches.withdraws, ...matches.recharges];
  return (
    <section className="ocr-matches" aria-labelledby="ocr-matches-title">
      <h4 className="ocr-matches__title" id="ocr-matches-title">
        {t('PAYMENT_OCR.MATCHES')}
      </h4>
      {records.length === 0 ? (
        <div className="ocr-matches__none" role="status">
          <strong>{t('PAYMENT_OCR.NO_MATCH')}</strong>
          <span className="muted">{t('PAYMENT_OCR.NO_MATCH_HINT')}</span>
        </div>
      ) : (
        <ul className="ocr-matches__list" aria-label={t('PAYMENT_OCR.MATCHES_LIST')}>
          {records.map((record) => (
            <li key={`${record.kind}-${record.id}`} className="ocr-match" data-order-id={record.order_id}>
              <dl className="ocr-match__facts">
                <div>
                  <dt>{t('PAYMENT_OCR.COLUMN.KIND')}</dt>
                  <dd>{t(`PAYMENT_OCR.KIND.${record.kind}` as MessageKey)}</dd>
                </div>
                <div>
                  <dt>{t('PAYMENT_OCR.COLUMN.ORDER_ID')}</dt>
                  <dd className="ocr-match__order">{record.order_id}</dd>
                </div>
                <div>
                  <dt>{t('PAYMENT_OCR.COLUMN.STATUS')}</dt>
                  <dd>
                    <span className={`ocr-record-status ocr-record-status--${record.status}`}>{record.status}</span>
                  </dd>
                </div>
                <div>
                  <dt>{t('PAYMENT_OCR.COLUMN.AMOUNT')}</dt>
                  <dd className="ocr-match__amount">{formatAmount(record.amount, record.currency)}</dd>
                </div>
                <div>
                  <dt>{t('PAYMENT_OCR.COLUMN.INBOX')}</dt>
                  <dd>{record.inbox_name}</dd>
                </div>
              </dl>
              {onRaiseIssue && record.kind === 'withdraw' ? (
                <button type="button" className="button button--small button--secondary ocr-match__action" aria-label={t('PAYMENT_OCR.RAISE_ISSUE_FOR', { orderId: record.order_id })} onClick={() => onRaiseIssue(record.order_id)}>
                  {t('PAYMENT_OCR.RAISE_ISSUE')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
