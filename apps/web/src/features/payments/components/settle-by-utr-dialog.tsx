import { useId, useState, type FormEvent } from 'react';
import { UPI_ID_PATTERN, UTR_PATTERN, type RechargeStatus } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useUpdateRecharge } from '../api.ts';
import { describeChangeError, type ChangeField } from '../utils/change-errors.ts';
import { statusLabel } from '../utils/format.ts';

/** Where a recharge can be settled to from the customer's proof of payment (a pending one may also be expired from its panel). */
const SETTLE_TO: RechargeStatus[] = ['success', 'failed'];

type SettleByUtrDialogProps = { accountId: number; inboxId: number | null; onClose: () => void };

/**
 * Settles a recharge from what the customer sent (a UTR or a UPI id) without looking for it first: PATCH
 * recharges/update_by_utr_upi finds the open recharge, in the chosen inbox when there is one. None is a 404,
 * several a 409 with their ids; both are said in the dialog.
 */
export function SettleByUtrDialog({ accountId, inboxId, onClose }: SettleByUtrDialogProps) {
  const id = useId();
  const update = useUpdateRecharge(accountId);
  const toast = useToast();
  const [values, setValues] = useState({ utr: '', upi_id: '', reason: '' });
  const [status, setStatus] = useState<RechargeStatus>('success');
  const [errors, setErrors] = useState<Partial<Record<ChangeField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [utr, upiId, reason] = [values.utr.trim(), values.upi_id.trim(), values.reason.trim()];
    const found: Partial<Record<ChangeField, string>> = {};
    if (!utr && !upiId) found.utr = t('PAYMENTS.CONFIRM_UTR.NEED_ONE');
    if (utr && !UTR_PATTERN.test(utr)) found.utr = t('PAYMENTS.CHANGE.UTR_INVALID');
    if (upiId && !UPI_ID_PATTERN.test(upiId)) found.upi_id = t('PAYMENTS.CONFIRM_UTR.UPI_INVALID');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    update.mutate(
      { status, ...(inboxId !== null ? { inbox: inboxId } : {}), ...(utr ? { utr } : {}), ...(upiId ? { upi_id: upiId } : {}), ...(reason ? { reason } : {}) },
      {
        onSuccess: ({ payload }) => {
          toast(t('PAYMENTS.CONFIRM_UTR.SUCCESS', { order: payload.order_id, to: statusLabel(payload.status) }), 'success');
          onClose();
        },
        onError: (error) => {
          const read = describeChangeError(error, status, 'PAYMENTS.CONFIRM_UTR.NOT_FOUND');
          setErrors(read.fields);
          setFailure(read.message);
        },
      },
    );
  };

  return (
    <Modal show title={t('PAYMENTS.CONFIRM_UTR.TITLE')} description={t('PAYMENTS.CONFIRM_UTR.DESCRIPTION')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormField label={t('PAYMENTS.CONFIRM_UTR.UTR')} name="utr" inputMode="numeric" autoComplete="off" maxLength={12} value={values.utr} error={errors.utr} onChange={(e) => change('utr', e.target.value)} />
        <FormField label={t('PAYMENTS.CONFIRM_UTR.UPI_ID')} name="upi_id" autoComplete="off" value={values.upi_id} error={errors.upi_id} onChange={(e) => change('upi_id', e.target.value)} />
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('PAYMENTS.CONFIRM_UTR.STATUS')}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as RechargeStatus)}>
            {SETTLE_TO.map((to) => (
              <option key={to} value={to}>
                {statusLabel(to)}
              </option>
            ))}
          </select>
        </div>
        <TextareaField label={t('PAYMENTS.CHANGE.REASON')} name="reason" rows={2} maxLength={1000} hint={t('PAYMENTS.CHANGE.REASON_HINT')} value={values.reason} error={errors.reason} onChange={(e) => change('reason', e.target.value)} />
        {failure ? (
          <p className="payment-dialog__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('PAYMENTS.CHANGE.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={update.isPending}>
            {t('PAYMENTS.CONFIRM_UTR.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
