import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount, useCurrentUser } from '../../auth/index.ts';
import { AccessTokenCard } from '../components/access-token-card.tsx';
import { AudioAlertsCard } from '../components/audio-alerts-card.tsx';
import { BrowserPushCard } from '../components/browser-push-card.tsx';
import { NotificationPreferencesCard } from '../components/notification-preferences-card.tsx';
import { EmailCard } from '../components/email-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { ProfileDetailsCard } from '../components/profile-details-card.tsx';
import { SendKeyCard } from '../components/send-key-card.tsx';
import { SignatureCard } from '../components/signature-card.tsx';
import { SignatureChannelsCard } from '../components/signature-channels-card.tsx';
import '../profile.css';

/** Profile settings (route profile_settings_index): one card per part of the profile, each saved on its own. */
export function ProfileSettingsPage() {
  const session = useCurrentUser();
  const { account } = useCurrentAccount();
  const user = session.data;

  if (!user) {
    return (
      <div className="profile-settings">
        {session.isError ? (
          <PageStatus
            kind="error"
            message={t('PROFILE_SETTINGS.LOAD_ERROR')}
            action={<Button onClick={() => void session.refetch()}>{t('PROFILE_SETTINGS.RETRY')}</Button>}
          />
        ) : (
          <PageStatus kind="loading" message={t('PROFILE_SETTINGS.LOADING')} />
        )}
      </div>
    );
  }

  return (
    <div className="profile-settings">
      <div className="profile-settings__column">
        <header className="profile-settings__header">
          <h1>{t('PROFILE_SETTINGS.TITLE')}</h1>
          <p className="muted">{t('PROFILE_SETTINGS.DESCRIPTION')}</p>
        </header>
        <ProfileDetailsCard user={user} />
        <EmailCard user={user} />
        <PasswordCard />
        <SignatureCard user={user} />
        <SignatureChannelsCard user={user} />
        <SendKeyCard user={user} />
        <NotificationPreferencesCard accountId={account.id} />
        <BrowserPushCard />
        <AudioAlertsCard user={user} />
        <AccessTokenCard user={user} />
      </div>
    </div>
  );
}
