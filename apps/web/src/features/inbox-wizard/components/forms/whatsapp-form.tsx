import { FormField } from '../../../../components/form-field.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { stripPhone, validateWhatsapp, type WhatsappValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

/**
 * WhatsApp Cloud or the legacy 360dialog-style provider (001 sections 2, 3, 5): name, api key and an E.164
 * number; the cloud provider also needs numeric phone number and business account ids.
 */
export function WhatsappForm({ provider }: { provider: WhatsappValues['provider'] }) {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm<WhatsappValues>({ provider, name: '', phone_number: '', api_key: '', phone_number_id: '', business_account_id: '' }, validateWhatsapp);
  const cloud = provider === 'whatsapp_cloud';
  const labels = {
    name: t('INBOX_MGMT.ADD.WHATSAPP.NAME'),
    phone_number: t('INBOX_MGMT.ADD.WHATSAPP.PHONE_NUMBER'),
    api_key: cloud ? t('INBOX_MGMT.ADD.WHATSAPP.API_KEY_CLOUD') : t('INBOX_MGMT.ADD.WHATSAPP.API_KEY'),
    phone_number_id: t('INBOX_MGMT.ADD.WHATSAPP.PHONE_NUMBER_ID'),
    business_account_id: t('INBOX_MGMT.ADD.WHATSAPP.BUSINESS_ACCOUNT_ID'),
  };

  const send = (v: WhatsappValues) => {
    const config = cloud
      ? { api_key: v.api_key.trim(), phone_number_id: v.phone_number_id.trim(), business_account_id: v.business_account_id.trim() }
      : { api_key: v.api_key.trim() };
    create.mutate(
      { name: v.name.trim(), channel: { type: 'whatsapp', phone_number: stripPhone(v.phone_number), ...(cloud ? { provider: 'whatsapp_cloud' } : {}), provider_config: config } },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'whatsapp', labels)) },
    );
  };

  return (
    <WizardForm
      title={t(`INBOX_MGMT.ADD.WHATSAPP.PROVIDERS.${provider}`)}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
    >
      <div className="wizard-form__row">
        <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.WHATSAPP.NAME_PLACEHOLDER')} {...form.text('name')} />
        <FormField label={labels.phone_number} type="tel" placeholder={t('INBOX_MGMT.ADD.WHATSAPP.PHONE_NUMBER_PLACEHOLDER')} {...form.text('phone_number')} />
      </div>
      {cloud ? (
        <div className="wizard-form__row">
          <FormField label={labels.phone_number_id} inputMode="numeric" autoComplete="off" {...form.text('phone_number_id')} />
          <FormField label={labels.business_account_id} inputMode="numeric" autoComplete="off" {...form.text('business_account_id')} />
        </div>
      ) : null}
      <FormField label={labels.api_key} type="password" autoComplete="off" {...form.text('api_key')} />
    </WizardForm>
  );
}
