import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { validateEmail, type EmailValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

/** Email inbox with another provider (001 sections 2, 3, 5): channel name and a valid email, both required. */
export function OtherEmailForm() {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm<EmailValues>({ name: '', email: '' }, validateEmail);
  const labels = { name: t('INBOX_MGMT.ADD.EMAIL.CHANNEL_NAME'), email: t('INBOX_MGMT.ADD.EMAIL.EMAIL') };

  const send = (v: EmailValues) =>
    create.mutate(
      { name: v.name.trim(), channel: { type: 'email', email: v.email.trim() } },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'email', labels)) },
    );

  return (
    <WizardForm
      title={t('INBOX_MGMT.ADD.EMAIL.PROVIDERS.other')}
      description={t('INBOX_MGMT.ADD.EMAIL.PROVIDERS.other.BODY')}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.EMAIL.CHANNEL_NAME_PLACEHOLDER')} {...form.text('name')} />
      <FormField label={labels.email} type="email" placeholder={t('INBOX_MGMT.ADD.EMAIL.EMAIL_PLACEHOLDER')} {...form.text('email')} />
    </WizardForm>
  );
}
