import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api.ts';
import { flagOf, PREFERENCE_EVENTS, toggledFlags, type Channel, type PreferenceEvent } from '../utils/notification-flags.ts';

const CHANNELS: { channel: Channel; key: 'selected_email_flags' | 'selected_push_flags' }[] = [
  { channel: 'email', key: 'selected_email_flags' },
  { channel: 'push', key: 'selected_push_flags' },
];

/**
 * Per event, whether it reaches the user by email and by push in this account (S1-3.36 notification
 * settings; S1-7.132 PATCH). Each box is saved as soon as it is changed.
 */
export function NotificationPreferencesCard({ accountId }: { accountId: number }) {
  const id = useId();
  const settings = useNotificationSettings(accountId);
  const update = useUpdateNotificationSettings(accountId);
  const toast = useToast();
  // The box being saved and the state it shows meanwhile (the other boxes wait: each save sends a whole list).
  const [saving, setSaving] = useState<{ flag: string; on: boolean } | null>(null);

  const change = (channel: Channel, key: (typeof CHANNELS)[number]['key'], event: PreferenceEvent, on: boolean) => {
    if (!settings.data) return;
    setSaving({ flag: flagOf(channel, event), on });
    update.mutate(
      { [key]: toggledFlags(settings.data[key], channel, event, on) },
      {
        onSuccess: () => toast(t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.UPDATE_SUCCESS'), 'success'),
        onError: () => toast(t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.UPDATE_ERROR'), 'error'),
        onSettled: () => setSaving(null),
      },
    );
  };

  let body;
  if (settings.isPending) {
    body = (
      <p className="profile-inline-status" role="status">
        <Spinner size="small" /> {t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.LOADING')}
      </p>
    );
  } else if (settings.isError || !settings.data) {
    body = (
      <div className="profile-inline-status profile-inline-status--error" role="alert">
        <span>{t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.LOAD_ERROR')}</span>
        <Button size="small" onClick={() => void settings.refetch()}>
          {t('PROFILE_SETTINGS.RETRY')}
        </Button>
      </div>
    );
  } else {
    const data = settings.data;
    body = (
      <table className="notification-flags" aria-describedby={`${id}-note`}>
        <thead>
          <tr>
            <th scope="col">{t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.EVENT')}</th>
            <th scope="col">{t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.EMAIL')}</th>
            <th scope="col">{t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.PUSH')}</th>
          </tr>
        </thead>
        <tbody>
          {PREFERENCE_EVENTS.map((event) => (
            <tr key={event}>
              <th scope="row" id={`${id}-${event}`}>
                {t(`PROFILE_SETTINGS.FORM.NOTIFICATIONS.EVENTS.${event}`)}
              </th>
              {CHANNELS.map(({ channel, key }) => {
                const flag = flagOf(channel, event);
                return (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      className="notification-flags__box"
                      checked={saving?.flag === flag ? saving.on : data[key].includes(flag)}
                      disabled={saving !== null && saving.flag !== flag}
                      aria-busy={saving?.flag === flag || undefined}
                      aria-label={t(`PROFILE_SETTINGS.FORM.NOTIFICATIONS.${channel === 'email' ? 'EMAIL_FOR' : 'PUSH_FOR'}`, {
                        event: t(`PROFILE_SETTINGS.FORM.NOTIFICATIONS.EVENTS.${event}`),
                      })}
                      onChange={(e) => saving === null && change(channel, key, event, e.target.checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <SettingsCard title={t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.TITLE')} description={t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.NOTE')}>
      {body}
      <p className="field__hint" id={`${id}-note`}>
        {t('PROFILE_SETTINGS.FORM.NOTIFICATIONS.PUSH_HINT')}
      </p>
    </SettingsCard>
  );
}
