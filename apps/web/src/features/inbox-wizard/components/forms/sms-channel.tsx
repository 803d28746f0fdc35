import { useState } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import { SelectField } from '../select-field.tsx';
import { BandwidthForm } from './bandwidth-form.tsx';
import { TwilioForm } from './twilio-form.tsx';

const PROVIDERS = ['twilio', 'bandwidth'] as const;

/** SMS (001 section 2): a provider select; Twilio uses the Twilio form with medium sms. */
export function SmsChannel() {
  const [provider, setProvider] = useState<(typeof PROVIDERS)[number]>('twilio');
  return (
    <div className="wizard-channel">
      <header className="wizard-channel__header">
        <h2>{t('INBOX_MGMT.ADD.SMS.TITLE')}</h2>
        <p className="muted">{t('INBOX_MGMT.ADD.SMS.DESCRIPTION')}</p>
      </header>
      <div className="wizard-channel__provider">
        <SelectField
          label={t('INBOX_MGMT.ADD.PROVIDER')}
          value={provider}
          onChange={(event) => setProvider(event.target.value as (typeof PROVIDERS)[number])}
          options={PROVIDERS.map((value) => ({ value, label: t(`INBOX_MGMT.ADD.SMS.PROVIDERS.${value}`) }))}
        />
      </div>
      {provider === 'twilio' ? <TwilioForm key="twilio" medium="sms" /> : <BandwidthForm key="bandwidth" />}
    </div>
  );
}
