import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { validateApi, type ApiValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

/** API inbox (001 sections 2, 3, 5): a channel name and an optional webhook URL starting with http. */
export function ApiForm() {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm<ApiValues>({ name: '', webhook_url: '' }, validateApi);
  const labels = { name: t('INBOX_MGMT.ADD.API_CHANNEL.NAME'), webhook_url: t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL') };

  const send = (v: ApiValues) =>
    create.mutate(
      { name: v.name.trim(), channel: { type: 'api', webhook_url: v.webhook_url.trim() } },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'api', labels)) },
    );

  return (
    <WizardForm
      title={t('INBOX_MGMT.ADD.API_CHANNEL.TITLE')}
      description={t('INBOX_MGMT.ADD.API_CHANNEL.DESCRIPTION')}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.API_CHANNEL.NAME_PLACEHOLDER')} {...form.text('name')} />
      <FormField
        label={labels.webhook_url}
        type="url"
        placeholder={t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL_PLACEHOLDER')}
        hint={t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL_HINT')}
        {...form.text('webhook_url')}
      />
    </WizardForm>
  );
}
