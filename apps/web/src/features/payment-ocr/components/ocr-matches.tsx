import type { OcrResult, PaymentRecord } from '@app/shared/payments';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { formatAmount } from '../utils/ocr-fields.ts';

type OcrMatchesProps = {
  matches: OcrResult['matches'];
  /** Offered on matched withdraws when the user may raise a withdraw issue. */
  onRaiseIssue: ((orderId: string) => void) | null;
};

/** The withdraw and recharge records the screenshot matches (by UTR, or UPI id and amount), or that there is none. */
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
        <div className="ocr-matches__wrap">
          <table className="ocr-matches__table" aria-label={t('PAYMENT_OCR.MATCHES_TABLE')}>
            <thead>
              <tr>
                <th scope="col">{t('PAYMENT_OCR.COLUMN.KIND')}</th>
                <th scope="col">{t('PAYMENT_OCR.COLUMN.ORDER_ID')}</th>
                <th scope="col">{t('PAYMENT_OCR.COLUMN.STATUS')}</th>
                <th scope="col" className="ocr-matches__amount">
                  {t('PAYMENT_OCR.COLUMN.AMOUNT')}
                </th>
                <th scope="col">{t('PAYMENT_OCR.COLUMN.INBOX')}</th>
                {onRaiseIssue ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={`${record.kind}-${record.id}`}>
                  <td>{t(`PAYMENT_OCR.KIND.${record.kind}` as MessageKey)}</td>
                  <th scope="row" className="ocr-matches__order">
                    {record.order_id}
                  </th>
                  <td>
                    <span className={`ocr-record-status ocr-record-status--${record.status}`}>{record.status}</span>
                  </td>
                  <td className="ocr-matches__amount">{formatAmount(record.amount, record.currency)}</td>
                  <td>{record.inbox_name}</td>
                  {onRaiseIssue ? (
                    <td className="ocr-matches__action">
                      {record.kind === 'withdraw' ? (
                        <button type="button" className="button button--small button--secondary" aria-label={t('PAYMENT_OCR.RAISE_ISSUE_FOR', { orderId: record.order_id })} onClick={() => onRaiseIssue(record.order_id)}>
                          {t('PAYMENT_OCR.RAISE_ISSUE')}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
