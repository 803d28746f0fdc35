import type { OcrFields } from '@app/shared/payments';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { OCR_FIELDS } from '../utils/ocr-fields.ts';
import { CopyButton } from './copy-button.tsx';

/** The values read from the screenshot, each with its label; a value not found says so. */
export function OcrFieldsList({ fields }: { fields: OcrFields }) {
  return (
    <dl className="ocr-fields">
      {OCR_FIELDS.map((field) => {
        const value = fields[field.key];
        const label = t(field.label);
        return (
          <div key={field.key} className="ocr-fields__row" data-field={field.key}>
            <dt>{label}</dt>
            <dd>
              {value === null ? (
                <span className="ocr-fields__missing">{t('PAYMENT_OCR.NOT_FOUND')}</span>
              ) : field.key === 'status' ? (
                <span className={`ocr-status ocr-status--${value}`}>{t(`PAYMENT_OCR.STATUS.${value}` as MessageKey)}</span>
              ) : (
                <>
                  <span className="ocr-fields__value">{value}</span>
                  {field.copy ? <CopyButton value={value} field={label} /> : null}
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
