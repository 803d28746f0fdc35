import { FormField } from '../../../../components/form-field.tsx';
import { fullPageLoad } from '../../../../lib/full-page-load.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useAuthorize } from '../../api.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { PROVIDER_APPS } from '../../utils/channels.ts';
import { validateOAuthEmail } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

const ERROR_KEY = { google: 'INBOX_MGMT.ADD.GOOGLE.ERROR_MESSAGE', microsoft: 'INBOX_MGMT.ADD.MICROSOFT.ERROR_MESSAGE' } as const;

/**
 * Google or Microsoft mailbox (001 sections 2 and 7): the email to connect, then POST {provider}/authorization
 * and off to the provider's consent screen. A failure shows the provider's error message (S1-8.11, S1-8.12).
 */
export function OAuthEmailForm({ provider }: { provider: 'google' | 'microsoft' }) {
  const { account } = useCurrentAccount();
  const authorize = useAuthorize(account.id, provider);
  const form = useChannelForm({ email: '' }, validateOAuthEmail);
  const name = PROVIDER_APPS[provider].provider;
  const labels = { email: t('INBOX_MGMT.ADD.EMAIL.EMAIL') };

  const send = (v: { email: string }) =>
    authorize.mutate(v.email.trim(), {
      onSuccess: (url) => fullPageLoad(url),
      onError: () => form.fail({ fields: {}, alert: t(ERROR_KEY[provider]) }),
    });

  return (
    <WizardForm
      title={t(`INBOX_MGMT.ADD.EMAIL.PROVIDERS.${provider}`)}
      description={t('INBOX_MGMT.ADD.EMAIL.OAUTH_HINT', { provider: name })}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={authorize.isPending || authorize.isSuccess}
      submitLabel={authorize.isPending || authorize.isSuccess ? t('INBOX_MGMT.ADD.EMAIL.OAUTH_SUBMITTING') : t('INBOX_MGMT.ADD.EMAIL.OAUTH_SUBMIT', { provider: name })}
    >
      <FormField label={labels.email} type="email" autoComplete="email" placeholder={t('INBOX_MGMT.ADD.EMAIL.EMAIL_PLACEHOLDER')} {...form.text('email')} />
    </WizardForm>
  );
}
