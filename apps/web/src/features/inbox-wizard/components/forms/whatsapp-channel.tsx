import { useState } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import { SelectField } from '../select-field.tsx';
import { TwilioForm } from './twilio-form.tsx';
import { WhatsappForm } from './whatsapp-form.tsx';

/** 001 section 2: whatsapp_cloud and twilio, plus the legacy 360dialog-style form (provider `default`). */
const PROVIDERS = ['whatsapp_cloud', 'twilio', 'default'] as const;
type Provider = (typeof PROVIDERS)[number];

/** WhatsApp: a provider select; Twilio uses the Twilio form with medium whatsapp. */
export function WhatsappChannel() {
  const [provider, setProvider] = useState<Provider>('whatsapp_cloud');
  return (
    <div className="wizard-channel">
      <header className="wizard-channel__header">
        <h2>{t('INBOX_MGMT.ADD.WHATSAPP.TITLE')}</h2>
        <p className="muted">{t('INBOX_MGMT.ADD.WHATSAPP.DESCRIPTION')}</p>
      </header>
      <div className="wizard-channel__provider">
        <SelectField
          label={t('INBOX_MGMT.ADD.PROVIDER')}
          value={provider}
          onChange={(event) => setProvider(event.target.value as Provider)}
          options={PROVIDERS.map((value) => ({ value, label: t(`INBOX_MGMT.ADD.WHATSAPP.PROVIDERS.${value}`) }))}
        />
      </div>
      {provider === 'twilio' ? <TwilioForm key="twilio" medium="whatsapp" /> : <WhatsappForm key={provider} provider={provider} />}
    </div>
  );
}
