import { ApiError } from '../../../lib/api-client.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { statusLabel } from './format.ts';

export type ChangeField = 'utr' | 'upi_id' | 'reason';

const candidatesOf = (error: ApiError) => (Array.isArray(error.body.candidates) ? error.body.candidates.length : 0);

/**
 * A refused status change, for the dialog that asked for it: 409 (state_conflict: the record's status does
 * not allow the change, or several recharges match) and 404 (gone, or its inbox no longer visible) in words of
 * their own, a 422 under its fields, anything else the server's text or a general message.
 */
export function describeChangeError(error: unknown, to: string, notFound: MessageKey = 'PAYMENTS.CHANGE.NOT_FOUND'): { fields: Partial<Record<ChangeField, string>>; message: string | null } {
  if (error instanceof ApiError && error.status === 409) {
    const count = candidatesOf(error);
    if (count > 1) return { fields: {}, message: t('PAYMENTS.CONFIRM_UTR.AMBIGUOUS', { count }) };
    const server = typeof error.body.error === 'string' ? error.body.error.trim() : '';
    return { fields: {}, message: t('PAYMENTS.CHANGE.CONFLICT', { to: statusLabel(to), error: server ? (/[.!?]$/.test(server) ? server : `${server}.`) : '' }).replace('  ', ' ') };
  }
  if (error instanceof ApiError && error.status === 404) return { fields: {}, message: t(notFound) };
  const labels: Record<ChangeField, string> = { utr: t('PAYMENTS.CHANGE.UTR'), upi_id: t('PAYMENTS.CONFIRM_UTR.UPI_ID'), reason: t('PAYMENTS.CHANGE.REASON') };
  return readServerErrors(error, labels, t('PAYMENTS.CHANGE.ERROR'));
}
