import { useState } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import type { Installation } from '../../api.ts';
import { emailProviders, type EmailProvider } from '../../utils/channels.ts';
import { OAuthEmailForm } from './oauth-email-form.tsx';
import { OtherEmailForm } from './other-email-form.tsx';

/**
 * Email (001 section 2): a provider picker offering Google and Microsoft when configured (all of them on the
 * vendor's hosted instance) and Other providers; each provider's form below it.
 */
export function EmailChannel({ installation }: { installation: Installation | undefined }) {
  const providers = emailProviders(installation);
  const [provider, setProvider] = useState<EmailProvider | null>(providers.length === 1 ? 'other' : null);
  return (
    <div className="wizard-channel">
      <header className="wizard-channel__header">
        <h2>{t('INBOX_MGMT.ADD.EMAIL.TITLE')}</h2>
        <p className="muted">{t('INBOX_MGMT.ADD.EMAIL.DESCRIPTION')}</p>
      </header>
      <fieldset className="choice-cards">
        <legend className="wizard-sr">{t('INBOX_MGMT.ADD.EMAIL.PROVIDERS.LABEL')}</legend>
        {providers.map((option) => (
          <label key={option} className="choice-card">
            <input type="radio" name="email-provider" value={option} checked={provider === option} onChange={() => setProvider(option)} />
            <span className="choice-card__title">{t(`INBOX_MGMT.ADD.EMAIL.PROVIDERS.${option}`)}</span>
            <span className="choice-card__description">{t(`INBOX_MGMT.ADD.EMAIL.PROVIDERS.${option}.BODY`)}</span>
          </label>
        ))}
      </fieldset>
      {provider === 'other' ? <OtherEmailForm /> : provider ? <OAuthEmailForm key={provider} provider={provider} /> : null}
    </div>
  );
}
