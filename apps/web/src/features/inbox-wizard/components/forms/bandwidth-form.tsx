import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { stripPhone, validateBandwidth, type BandwidthValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

const INITIAL: BandwidthValues = { name: '', phone_number: '', api_key: '', api_secret: '', application_id: '', account_id: '' };

/** SMS through Bandwidth (001 sections 2, 3, 5): every field required; the number starts with +. */
export function BandwidthForm() {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm(INITIAL, validateBandwidth);
  const labels = {
    name: t('INBOX_MGMT.ADD.SMS.NAME'),
    phone_number: t('INBOX_MGMT.ADD.SMS.PHONE_NUMBER'),
    api_key: t('INBOX_MGMT.ADD.SMS.API_KEY'),
    api_secret: t('INBOX_MGMT.ADD.SMS.API_SECRET'),
    application_id: t('INBOX_MGMT.ADD.SMS.APPLICATION_ID'),
    account_id: t('INBOX_MGMT.ADD.SMS.ACCOUNT_ID'),
  };

  const send = (v: BandwidthValues) =>
    create.mutate(
      {
        name: v.name.trim(),
        channel: {
          type: 'sms',
          phone_number: stripPhone(v.phone_number),
          provider_config: { api_key: v.api_key.trim(), api_secret: v.api_secret.trim(), application_id: v.application_id.trim(), account_id: v.account_id.trim() },
        },
      },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'sms', labels)) },
    );

  return (
    <WizardForm
      title={t('INBOX_MGMT.ADD.SMS.PROVIDERS.bandwidth')}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <div className="wizard-form__row">
        <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.SMS.NAME_PLACEHOLDER')} {...form.text('name')} />
        <FormField label={labels.phone_number} type="tel" placeholder={t('INBOX_MGMT.ADD.SMS.PHONE_NUMBER_PLACEHOLDER')} {...form.text('phone_number')} />
      </div>
      <div className="wizard-form__row">
        <FormField label={labels.account_id} autoComplete="off" {...form.text('account_id')} />
        <FormField label={labels.application_id} autoComplete="off" {...form.text('application_id')} />
      </div>
      <div className="wizard-form__row">
        <FormField label={labels.api_key} autoComplete="off" {...form.text('api_key')} />
        <FormField label={labels.api_secret} autoComplete="off" {...form.text('api_secret')} />
      </div>
    </WizardForm>
  );
}
