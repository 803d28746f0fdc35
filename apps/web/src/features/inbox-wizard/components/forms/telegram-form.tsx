import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { validateTelegram, type TelegramValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

/** Telegram inbox (001 sections 2, 3, 5): the bot token only; the server names the inbox after the bot. */
export function TelegramForm() {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm<TelegramValues>({ bot_token: '' }, validateTelegram);
  const labels = { bot_token: t('INBOX_MGMT.ADD.TELEGRAM.BOT_TOKEN') };

  const send = (v: TelegramValues) =>
    create.mutate(
      { channel: { type: 'telegram', bot_token: v.bot_token.trim() } },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'telegram', labels)) },
    );

  return (
    <WizardForm
      title={t('INBOX_MGMT.ADD.TELEGRAM.TITLE')}
      description={t('INBOX_MGMT.ADD.TELEGRAM.DESCRIPTION')}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <FormField label={labels.bot_token} placeholder={t('INBOX_MGMT.ADD.TELEGRAM.BOT_TOKEN_PLACEHOLDER')} autoComplete="off" {...form.text('bot_token')} />
    </WizardForm>
  );
}
