import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { useCreateAccount } from '../api.ts';

type CreateAccountDialogProps = { show: boolean; onClose: () => void };

/** 000 section 8: a 422 means the name is taken; anything else is a generic failure. */
const errorText = (error: unknown) =>
  error instanceof ApiError && error.status === 422 ? t('CREATE_ACCOUNT.API.EXIST_MESSAGE') : t('CREATE_ACCOUNT.API.ERROR_MESSAGE');

/**
 * One field, the account name; submit stays disabled while the name is invalid or a creation runs
 * (000 sections 2 and 5). Success announces itself and opens the new account's dashboard.
 */
export function CreateAccountDialog({ show, onClose }: CreateAccountDialogProps) {
  const create = useCreateAccount();
  const navigate = useNavigate();
  const toast = useToast();
  const [name, setName] = useState('');
  // CreateAccountBodySchema's account_name (requiredText(255): trimmed, 1 to 255 characters) without zod, which
  // the shell's chunk does not ship.
  const trimmedLength = name.trim().length;
  const valid = trimmedLength >= 1 && trimmedLength <= 255;

  const close = () => {
    setName('');
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || create.isPending) return;
    create.mutate(name.trim(), {
      onSuccess: (user) => {
        toast(t('CREATE_ACCOUNT.API.SUCCESS_MESSAGE'), 'success');
        close();
        if (user.account_id) navigate(accountPath(user.account_id));
      },
    });
  };

  return (
    <Modal show={show} title={t('CREATE_ACCOUNT.TITLE')} description={t('CREATE_ACCOUNT.DESCRIPTION')} onClose={close}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={t('CREATE_ACCOUNT.LABEL')}
          name="account_name"
          placeholder={t('CREATE_ACCOUNT.PLACEHOLDER')}
          maxLength={255}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {create.isError ? (
          <p className="notice notice--error" role="alert">
            {errorText(create.error)}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={close}>{t('CREATE_ACCOUNT.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={create.isPending} disabled={!valid}>
            {create.isPending ? t('CREATE_ACCOUNT.SUBMITTING') : t('CREATE_ACCOUNT.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
