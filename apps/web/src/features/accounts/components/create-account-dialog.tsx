import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCreateAccount } from '../api.ts';

type Props = { show: boolean; onClose: () => void; onCreated: (accountId: number, message: string) => void };

/** One field, the account name; submit stays disabled while it is empty or a creation runs (000 section 2). */
export function CreateAccountDialog({ show, onClose, onCreated }: Props) {
  const create = useCreateAccount();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (user) => {
        setName('');
        if (user.account_id) onCreated(user.account_id, t('CREATE_ACCOUNT.API.SUCCESS_MESSAGE'));
      },
    });
  };
  const error = create.isError
    ? create.error instanceof ApiError && create.error.status === 422
      ? t('CREATE_ACCOUNT.API.EXIST_MESSAGE')
      : t('CREATE_ACCOUNT.API.ERROR_MESSAGE')
    : null;
  return (
    <Modal show={show} title={t('CREATE_ACCOUNT.TITLE')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormField label={t('CREATE_ACCOUNT.LABEL')} placeholder={t('CREATE_ACCOUNT.PLACEHOLDER')} value={name} onChange={(e) => setName(e.target.value)} />
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('CREATE_ACCOUNT.CANCEL')}
          </button>
          <button type="submit" className="button button--primary" disabled={name.trim().length < 1 || create.isPending}>
            {t('CREATE_ACCOUNT.SUBMIT')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
