import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useSaveSegment } from '../api.ts';
import type { FilterQuery } from '@app/shared/custom-filters';

/** Names the current filter and saves it as a contact segment (POST custom_filters, filter_type contact), then opens it. */
export function SaveSegmentDialog({ accountId, rows, onClose }: { accountId: number; rows: FilterQuery['payload']; onClose: () => void }) {
  const save = useSaveSegment(accountId);
  const navigate = useNavigate();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), query: { payload: rows } },
      {
        onSuccess: (segment) => {
          toast(t('CONTACTS.SEGMENT.SAVED', { name: segment.name }), 'success');
          onClose();
          void navigate(accountPath(accountId, `contacts/custom_view/${segment.id}`));
        },
        onError: (failure) => {
          const read = readServerErrors(failure, { name: t('CONTACTS.SEGMENT.NAME') }, t('CONTACTS.SEGMENT.SAVE_ERROR'));
          setError(read.fields.name ?? read.message);
        },
      },
    );
  };
  return (
    <Modal show title={t('CONTACTS.SEGMENT.SAVE_TITLE')} description={t('CONTACTS.SEGMENT.SAVE_DESCRIPTION')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormField label={t('CONTACTS.SEGMENT.NAME')} value={name} onChange={(e) => setName(e.target.value)} error={error ?? undefined} maxLength={255} required />
        <div className="modal__actions">
          <Button onClick={onClose}>{t('CONTACTS.SEGMENT.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!name.trim()}>
            {t('CONTACTS.SEGMENT.SAVE')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
