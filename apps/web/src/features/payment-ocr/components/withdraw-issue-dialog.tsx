import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';
import { addMessages, t } from '../../../lib/i18n/i18n.ts';
import { paymentOcrEn } from '../../../lib/i18n/locales/en-payment-ocr.ts';
import { useCreateWithdrawIssue } from '../api.ts';
import type { IssueConversation } from '../types.ts';
import { validateWithdrawIssue, WITHDRAW_ISSUE_LIMITS, type WithdrawIssueErrors } from '../utils/withdraw-issue-form.ts';
import { withdrawIssueErrorText } from '../utils/withdraw-issue-error.ts';
import '../payment-ocr.css';

// The dialog's strings come with its chunk (it also opens from the conversation's more-actions menu, without the panel).
addMessages('en', paymentOcrEn);

export type WithdrawIssueDialogProps = {
  accountId: number;
  conversation: IssueConversation;
  /** From the OCR match, or the conversation's `order_id` custom attribute; empty when neither has one. */
  defaultOrderId: string;
  onClose: () => void;
};

/**
 * Raise a withdraw issue from a conversation: order id and description → POST withdraw_issues with the
 * conversation's display id and inbox. A refusal shows the server's error text, or 'An unknown error occurred'
 * (001 section 8), and keeps the dialog open.
 */
export function WithdrawIssueDialog({ accountId, conversation, defaultOrderId, onClose }: WithdrawIssueDialogProps) {
  const [orderId, setOrderId] = useState(defaultOrderId);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<WithdrawIssueErrors>({});
  const create = useCreateWithdrawIssue(accountId);
  const toast = useToast();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateWithdrawIssue({ orderId, description });
    setErrors(found);
    if (found.order_id || found.description) {
      focusFirstInvalid(() => form);
      return;
    }
    const input = { order_id: orderId.trim(), conversation_id: conversation.id, inbox_id: conversation.inbox_id, description: description.trim() };
    create.mutate(input, {
      onSuccess: (issue) => {
        toast(t('WITHDRAW_ISSUE.SUCCESS', { orderId: issue.order_id }), 'success');
        onClose();
      },
    });
  };

  return (
    <Modal show title={t('WITHDRAW_ISSUE.TITLE')} description={t('WITHDRAW_ISSUE.DESCRIPTION')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={t('WITHDRAW_ISSUE.ORDER_ID')}
          name="order_id"
          autoComplete="off"
          maxLength={WITHDRAW_ISSUE_LIMITS.orderId}
          hint={t('WITHDRAW_ISSUE.ORDER_ID_HINT')}
          value={orderId}
          onChange={(e) => {
            setOrderId(e.target.value);
            setErrors((current) => ({ ...current, order_id: undefined }));
          }}
          error={errors.order_id}
          {...(defaultOrderId ? {} : { 'data-autofocus': true })}
        />
        <TextareaField
          label={t('WITHDRAW_ISSUE.DESCRIPTION_LABEL')}
          name="description"
          rows={4}
          maxLength={WITHDRAW_ISSUE_LIMITS.description}
          placeholder={t('WITHDRAW_ISSUE.DESCRIPTION_PLACEHOLDER')}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((current) => ({ ...current, description: undefined }));
          }}
          error={errors.description}
          {...(defaultOrderId ? { 'data-autofocus': true } : {})}
        />
        {create.isError ? (
          <p className="form-error withdraw-issue__error" role="alert">
            {withdrawIssueErrorText(create.error)}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('WITHDRAW_ISSUE.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {t('WITHDRAW_ISSUE.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
