import { useState, type FormEvent } from 'react';
import type { PaymentRecord } from '@app/shared/payments';
import { UTR_PATTERN, type PaymentKind, type RechargeStatus, type WithdrawStatus } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useUpdateRecharge, useUpdateWithdrawStatus } from '../api.ts';
import { describeChangeError, type ChangeField } from '../utils/change-errors.ts';
import { statusLabel } from '../utils/format.ts';

export const actionLabel = (kind: PaymentKind, to: string) => t(`PAYMENTS.ACTION.${kind}.${to}` as MessageKey);

type StatusChangeDialogProps = { accountId: number; record: PaymentRecord; to: string; onClose: () => void };

/**
 * Asks before a record's status changes (the drawer's status buttons), with an optional UTR and reason:
 * a withdrawal through PATCH withdraws/update_status_by_order_id_undelivered, a recharge through PATCH
 * recharges/update_by_utr_upi, both by the record's order id and inbox. A recharge that has its UTR keeps it.
 * On success a toast and the lists refetch; a refusal stays in the dialog in words (409, 404, 422).
 */
export function StatusChangeDialog({ accountId, record, to, onClose }: StatusChangeDialogProps) {
  const kind = record.kind;
  const withdraw = useUpdateWithdrawStatus(accountId);
  const recharge = useUpdateRecharge(accountId);
  const toast = useToast();
  const askUtr = kind === 'withdraw' || !record.utr;
  const [utr, setUtr] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ChangeField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const action = actionLabel(kind, to);

  const onSuccess = () => {
    toast(t('PAYMENTS.CHANGE.SUCCESS', { order: record.order_id, to: statusLabel(to) }), 'success');
    onClose();
  };
  const onError = (error: unknown) => {
    const read = describeChangeError(error, to);
    setErrors(read.fields);
    setFailure(read.message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typedUtr = utr.trim();
    if (typedUtr && !UTR_PATTERN.test(typedUtr)) {
      setErrors({ utr: t('PAYMENTS.CHANGE.UTR_INVALID') });
      return;
    }
    setFailure(null);
    const common = { order_id: record.order_id, inbox: record.inbox_id, ...(typedUtr ? { utr: typedUtr } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) };
    if (kind === 'withdraw') withdraw.mutate({ ...common, status: to as WithdrawStatus }, { onSuccess, onError });
    else recharge.mutate({ ...common, status: to as RechargeStatus }, { onSuccess, onError });
  };

  return (
    <Modal
      show
      title={t('PAYMENTS.CHANGE.TITLE', { action, order: record.order_id })}
      description={t('PAYMENTS.CHANGE.DESCRIPTION', { from: statusLabel(record.status), to: statusLabel(to) })}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        {askUtr ? (
          <FormField
            label={t('PAYMENTS.CHANGE.UTR')}
            name="utr"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            hint={t('PAYMENTS.CHANGE.UTR_HINT')}
            value={utr}
            error={errors.utr}
            onChange={(e) => {
              setUtr(e.target.value);
              setErrors((current) => ({ ...current, utr: undefined }));
            }}
          />
        ) : null}
        <TextareaField label={t('PAYMENTS.CHANGE.REASON')} name="reason" rows={3} maxLength={1000} hint={t('PAYMENTS.CHANGE.REASON_HINT')} value={reason} error={errors.reason} onChange={(e) => setReason(e.target.value)} />
        {failure ? (
          <p className="payment-dialog__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose} data-autofocus>
            {t('PAYMENTS.CHANGE.CANCEL')}
          </Button>
          <Button type="submit" variant={to === 'failed' || to === 'undelivered' ? 'danger' : 'primary'} loading={withdraw.isPending || recharge.isPending}>
            {t('PAYMENTS.CHANGE.CONFIRM', { action: action.charAt(0).toLowerCase() + action.slice(1) })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
