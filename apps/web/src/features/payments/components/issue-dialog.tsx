import { useState, type FormEvent } from 'react';
import type { WithdrawIssue } from '@app/shared/payments';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useUpdateIssue } from '../api.ts';

type IssueDialogProps = { accountId: number; issue: WithdrawIssue; onClose: () => void };

/** Resolves an open withdraw issue, or reopens a resolved one, with a note (PATCH withdraw_issues/:id). */
export function IssueDialog({ accountId, issue, onClose }: IssueDialogProps) {
  const update = useUpdateIssue(accountId);
  const toast = useToast();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const resolving = issue.status === 'open';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    update.mutate(
      { id: issue.id, status: resolving ? 'resolved' : 'open', note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast(t(resolving ? 'PAYMENTS.ISSUES.RESOLVED' : 'PAYMENTS.ISSUES.REOPENED', { order: issue.order_id }), 'success');
          onClose();
        },
        onError: (error) => setFailure(readServerErrors(error, {}, t('PAYMENTS.ISSUES.UPDATE_ERROR')).message),
      },
    );
  };

  return (
    <Modal show title={t(resolving ? 'PAYMENTS.ISSUES.RESOLVE_TITLE' : 'PAYMENTS.ISSUES.REOPEN_TITLE', { order: issue.order_id })} description={issue.description} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextareaField label={t('PAYMENTS.ISSUES.NOTE')} name="resolution_note" rows={3} maxLength={2000} hint={t('PAYMENTS.ISSUES.NOTE_HINT')} value={note} onChange={(e) => setNote(e.target.value)} />
        {failure ? (
          <p className="payment-dialog__error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('PAYMENTS.CHANGE.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={update.isPending}>
            {t(resolving ? 'PAYMENTS.ISSUES.RESOLVE' : 'PAYMENTS.ISSUES.REOPEN')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
