import { FormField } from '../../../../components/form-field.tsx';
import { Toggle } from '../../../../components/toggle.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateTwilioInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { twilioPayload, validateTwilio, type TwilioValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

/**
 * Twilio SMS or WhatsApp (001 sections 2, 3, 5; S1-7.13): the medium comes from the channel that chose
 * Twilio. A phone number (E.164) or a messaging service SID; the api key SID only with the api key option.
 */
export function TwilioForm({ medium }: { medium: 'sms' | 'whatsapp' }) {
  const { account } = useCurrentAccount();
  const create = useCreateTwilioInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm<TwilioValues>(
    { name: '', medium, account_sid: '', use_api_key: false, api_key_sid: '', auth_token: '', phone_number: '', messaging_service_sid: '' },
    validateTwilio,
  );
  const { values } = form;
  const labels = {
    name: t('INBOX_MGMT.ADD.TWILIO.NAME'),
    medium: t('INBOX_MGMT.ADD.TWILIO.MEDIUM'),
    account_sid: t('INBOX_MGMT.ADD.TWILIO.ACCOUNT_SID'),
    api_key_sid: t('INBOX_MGMT.ADD.TWILIO.API_KEY_SID'),
    auth_token: values.use_api_key ? t('INBOX_MGMT.ADD.TWILIO.API_KEY_SECRET') : t('INBOX_MGMT.ADD.TWILIO.AUTH_TOKEN'),
    phone_number: t('INBOX_MGMT.ADD.TWILIO.PHONE_NUMBER'),
    messaging_service_sid: t('INBOX_MGMT.ADD.TWILIO.MESSAGING_SERVICE_SID'),
  };

  const send = (v: TwilioValues) =>
    create.mutate(twilioPayload(v), { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'twilio', labels)) });

  return (
    <WizardForm
      title={`Twilio ${t(`INBOX_MGMT.ADD.TWILIO.MEDIUMS.${medium}`)}`}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.TWILIO.NAME_PLACEHOLDER')} {...form.text('name')} />
      {form.errorOf('medium') ? (
        <p className="field__error" role="alert">
          {form.errorOf('medium')}
        </p>
      ) : null}
      <FormField label={labels.account_sid} autoComplete="off" placeholder="AC…" {...form.text('account_sid')} />
      <Toggle
        label={t('INBOX_MGMT.ADD.TWILIO.USE_API_KEY')}
        description={t('INBOX_MGMT.ADD.TWILIO.USE_API_KEY_DESCRIPTION')}
        checked={values.use_api_key}
        onChange={(on) => form.set('use_api_key', on)}
      />
      {values.use_api_key ? <FormField label={labels.api_key_sid} autoComplete="off" placeholder="SK…" {...form.text('api_key_sid')} /> : null}
      <FormField label={labels.auth_token} type="password" autoComplete="off" {...form.text('auth_token')} />
      <div className="wizard-form__row">
        <FormField label={labels.phone_number} type="tel" placeholder={t('INBOX_MGMT.ADD.TWILIO.PHONE_NUMBER_PLACEHOLDER')} hint={t('INBOX_MGMT.ADD.TWILIO.PHONE_NUMBER_HINT')} {...form.text('phone_number')} />
        <FormField label={labels.messaging_service_sid} autoComplete="off" placeholder="MG…" hint={t('INBOX_MGMT.ADD.TWILIO.MESSAGING_SERVICE_SID_HINT')} {...form.text('messaging_service_sid')} />
      </div>
    </WizardForm>
  );
}
