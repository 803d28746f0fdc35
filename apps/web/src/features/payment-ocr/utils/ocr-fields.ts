import type { OcrFields } from '@app/shared/payments';
import type { MessageKey } from '../../../lib/i18n/i18n.ts';

type ShownField = { key: Exclude<keyof OcrFields, 'status_words'>; label: MessageKey; copy: boolean };

/** The fields the panel shows, in reading order; the values an agent pastes elsewhere have a copy button. */
export const OCR_FIELDS: readonly ShownField[] = [
  { key: 'utr', label: 'PAYMENT_OCR.FIELD.UTR', copy: true },
  { key: 'amount', label: 'PAYMENT_OCR.FIELD.AMOUNT', copy: true },
  { key: 'upi_id', label: 'PAYMENT_OCR.FIELD.UPI_ID', copy: true },
  { key: 'date', label: 'PAYMENT_OCR.FIELD.DATE', copy: true },
  { key: 'time', label: 'PAYMENT_OCR.FIELD.TIME', copy: true },
  { key: 'status', label: 'PAYMENT_OCR.FIELD.STATUS', copy: false },
];

/** Below this mean word confidence the panel asks the agent to check the values against the image. */
export const LOW_CONFIDENCE = 60;

export const nothingRead = (fields: OcrFields) => OCR_FIELDS.every((field) => !fields[field.key]);
