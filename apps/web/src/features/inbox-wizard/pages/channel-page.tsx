import { Link, useParams } from 'react-router';
import { SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAccountFeatures, useInstallation, type Installation } from '../api.ts';
import { ApiForm } from '../components/forms/api-form.tsx';
import { EmailChannel } from '../components/forms/email-channel.tsx';
import { FacebookChannel } from '../components/forms/facebook-channel.tsx';
import { LineForm } from '../components/forms/line-form.tsx';
import { SmsChannel } from '../components/forms/sms-channel.tsx';
import { TelegramForm } from '../components/forms/telegram-form.tsx';
import { TwitterChannel } from '../components/forms/twitter-channel.tsx';
import { WebsiteForm } from '../components/forms/website-form.tsx';
import { WhatsappChannel } from '../components/forms/whatsapp-channel.tsx';
import { ChannelDisabled, ProviderNotConfigured } from '../components/provider-not-configured.tsx';
import { CHANNEL_FEATURE, channelAvailability, isChannelPage, type ChannelPage as Page } from '../utils/channels.ts';

function ChannelForm({ page, installation }: { page: Page; installation: Installation | undefined }) {
  switch (page) {
    case 'website':
      return <WebsiteForm />;
    case 'facebook':
      return <FacebookChannel appId={installation?.facebook_app_id ?? null} />;
    case 'twitter':
      return <TwitterChannel />;
    case 'api':
      return <ApiForm />;
    case 'email':
      return <EmailChannel installation={installation} />;
    case 'sms':
      return <SmsChannel />;
    case 'whatsapp':
      return <WhatsappChannel />;
    case 'line':
      return <LineForm />;
    case 'telegram':
      return <TelegramForm />;
  }
}

/** settings/inboxes/new/{sub_page} (settings_inboxes_page_channel, S1-2.07, S1-2.13): the channel's creation form. */
export function ChannelPage() {
  const { account } = useCurrentAccount();
  const { sub_page: subPage } = useParams();
  const installation = useInstallation();
  const features = useAccountFeatures(account.id);

  if (!isChannelPage(subPage)) {
    return (
      <div className="wizard-blocked" role="alert">
        <p>{t('INBOX_MGMT.ADD.CHANNELS.UNKNOWN', { name: subPage ?? '' })}</p>
        <Link className="button button--secondary" to={accountPath(account.id, 'settings/inboxes/new')}>
          {t('INBOX_MGMT.ADD.NOT_CONFIGURED.BACK')}
        </Link>
      </div>
    );
  }
  // Both answers decide what the page may offer; a failure of either is the page's error state.
  const query = {
    isPending: installation.isPending || features.isPending,
    isError: installation.isError || features.isError,
    refetch: () => Promise.all([installation.refetch(), features.refetch()]),
  };
  const availability = channelAvailability(subPage, installation.data, features.data);
  return (
    <SettingsQueryState query={query}>
      {availability === 'disabled' ? (
        <ChannelDisabled feature={CHANNEL_FEATURE[subPage] ?? subPage} />
      ) : availability === 'not_configured' ? (
        <ProviderNotConfigured app={subPage as 'facebook' | 'twitter'} />
      ) : (
        <ChannelForm page={subPage} installation={installation.data} />
      )}
    </SettingsQueryState>
  );
}
