import type { OcrState } from '@app/shared/payments-constants';
import type { OcrResult } from '@app/shared/payments';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';

/** 001 section 3's OCR state of one image, its results typed as the API answers them. */
export type MessageOcrState = OcrState & { results: OcrResult | null };

type OcrQueryLike = { data: OcrResult | undefined; error: unknown; isFetching: boolean };

/**
 * The OCR state of a message from its query: processing while a read runs (a retry clears the previous error and
 * results), then the results, or the error's text.
 */
export function ocrStateOf(query: OcrQueryLike, messageId: number, fileUrl: string | null): MessageOcrState {
  const settled = !query.isFetching;
  return {
    results: settled ? (query.data ?? null) : null,
    isProcessing: query.isFetching,
    error: settled && query.error ? ocrErrorText(query.error) : null,
    message_id: messageId,
    file_url: query.data?.file_url ?? fileUrl,
  };
}

const firstFieldError = (error: ApiError) => Object.values(error.fieldErrors).flat().find((text) => typeof text === 'string' && text);

/**
 * What a failed read says: a full worker pool (503, or 429) asks to try again in a few seconds; an image the server
 * cannot use (422) gives the server's reason; a message gone (404), no connection, anything else their own text.
 */
export function ocrErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('PAYMENT_OCR.ERROR.FAILED');
  if (error.status === 503 || error.status === 429) return t('PAYMENT_OCR.ERROR.BUSY');
  if (error.status === 422) {
    // `error` (a text of its own), else the 422's sentence ("Message id has no image attachment"), else a field's message
    const reason = [error.body.error, error.body.message].find((text): text is string => typeof text === 'string' && text.length > 0) ?? firstFieldError(error);
    return reason ? `${t('PAYMENT_OCR.ERROR.UNREADABLE')} ${reason}` : t('PAYMENT_OCR.ERROR.UNREADABLE');
  }
  if (error.status === 404) return t('PAYMENT_OCR.ERROR.NOT_FOUND');
  if (error.status === 0) return t('PAYMENT_OCR.ERROR.NETWORK');
  return t('PAYMENT_OCR.ERROR.FAILED');
}
