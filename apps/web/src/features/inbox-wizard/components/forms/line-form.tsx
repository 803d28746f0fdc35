import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { validateLine, type LineValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

/** Line inbox (001 sections 2, 3, 5): channel name, channel id, secret and token, all required. */
export function LineForm() {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm<LineValues>({ name: '', line_channel_id: '', line_channel_secret: '', line_channel_token: '' }, validateLine);
  const labels = {
    name: t('INBOX_MGMT.ADD.LINE.NAME'),
    line_channel_id: t('INBOX_MGMT.ADD.LINE.CHANNEL_ID'),
    line_channel_secret: t('INBOX_MGMT.ADD.LINE.SECRET'),
    line_channel_token: t('INBOX_MGMT.ADD.LINE.TOKEN'),
  };

  const send = (v: LineValues) =>
    create.mutate(
      {
        name: v.name.trim(),
        channel: { type: 'line', line_channel_id: v.line_channel_id.trim(), line_channel_secret: v.line_channel_secret.trim(), line_channel_token: v.line_channel_token.trim() },
      },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'line', labels)) },
    );

  return (
    <WizardForm
      title={t('INBOX_MGMT.ADD.LINE.TITLE')}
      description={t('INBOX_MGMT.ADD.LINE.DESCRIPTION')}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.LINE.NAME_PLACEHOLDER')} {...form.text('name')} />
      <FormField label={labels.line_channel_id} autoComplete="off" {...form.text('line_channel_id')} />
      <FormField label={labels.line_channel_secret} autoComplete="off" {...form.text('line_channel_secret')} />
      <FormField label={labels.line_channel_token} autoComplete="off" {...form.text('line_channel_token')} />
    </WizardForm>
  );
}
