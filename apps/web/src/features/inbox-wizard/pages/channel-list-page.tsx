import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAccountFeatures, useInstallation } from '../api.ts';
import { ChannelIcon } from '../components/channel-icon.tsx';
import { CHANNEL_PAGES, channelAvailability } from '../utils/channels.ts';

/**
 * settings/inboxes/new (settings_inbox_new, S1-2.05): a card per channel, each leading to its form. Channels
 * whose provider app this installation lacks, or whose feature the account has off, say so on the card.
 */
export function ChannelListPage() {
  const { account } = useCurrentAccount();
  const installation = useInstallation();
  const features = useAccountFeatures(account.id);
  return (
    <section aria-labelledby="channel-list-title">
      <h2 id="channel-list-title" className="wizard-sr">
        {t('INBOX_MGMT.ADD.CHANNELS.LABEL')}
      </h2>
      <ul className="channel-cards">
        {CHANNEL_PAGES.map((page) => {
          const availability = channelAvailability(page, installation.data, features.data);
          return (
            <li key={page}>
              <Link className={`channel-card channel-card--${availability}`} to={accountPath(account.id, `settings/inboxes/new/${page}`)}>
                <span className="channel-card__icon">
                  <ChannelIcon channel={page} />
                </span>
                <span className="channel-card__title">{t(`INBOX_MGMT.ADD.CHANNELS.${page}.TITLE`)}</span>
                <span className="channel-card__body">{t(`INBOX_MGMT.ADD.CHANNELS.${page}.BODY`)}</span>
                {availability === 'not_configured' ? <span className="channel-card__badge">{t('INBOX_MGMT.ADD.CHANNELS.NOT_CONFIGURED')}</span> : null}
                {availability === 'disabled' ? <span className="channel-card__badge">{t('INBOX_MGMT.ADD.CHANNELS.DISABLED')}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
