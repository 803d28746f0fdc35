import { useId, useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { Button } from '../../../components/button.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import {
  AUDIO_ALERT_SCOPES,
  audioAlertSettingsOf,
  audioAlertUiSettings,
  NOTIFICATION_TONES,
  playTone,
  type AudioAlertSettings,
  type NotificationTone,
} from '../utils/audio-alerts.ts';

/**
 * A sound on new customer messages (ui_settings enable_audio_alerts, notification_tone and
 * always_play_audio_alert, as Chatwoot keeps them): which conversations ring, the tone (with a preview),
 * and whether it rings while the app is in front. Each choice is saved at once.
 */
export function AudioAlertsCard({ user, play = playTone }: { user: CurrentUser; play?: (tone: NotificationTone) => Promise<void> }) {
  const id = useId();
  const [pending, setPending] = useState<Partial<AudioAlertSettings> | null>(null);
  const { save, saving } = useSectionSave([], t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.UPDATE_SUCCESS'));
  const current = { ...audioAlertSettingsOf(user.ui_settings), ...pending };

  const choose = (change: Partial<AudioAlertSettings>) => {
    setPending(change);
    save({ ui_settings: audioAlertUiSettings(change) }, { onSettled: () => setPending(null) });
  };

  return (
    <SettingsCard title={t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.TITLE')} description={t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.NOTE')}>
      <fieldset className="audio-alerts__scopes" aria-busy={saving || undefined}>
        <legend>{t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.SCOPE')}</legend>
        {AUDIO_ALERT_SCOPES.map((scope) => (
          <label key={scope} className="audio-alerts__scope">
            <input
              type="radio"
              name={`${id}-scope`}
              value={scope}
              checked={current.scope === scope}
              onChange={() => scope !== current.scope && choose({ scope })}
            />
            {t(`PROFILE_SETTINGS.FORM.AUDIO_ALERTS.SCOPES.${scope}`)}
          </label>
        ))}
      </fieldset>
      <div className="audio-alerts__tone">
        <div className="field">
          <label htmlFor={`${id}-tone`}>{t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.TONE')}</label>
          <select
            id={`${id}-tone`}
            value={current.tone}
            disabled={current.scope === 'none'}
            onChange={(e) => choose({ tone: e.target.value as NotificationTone })}
          >
            {NOTIFICATION_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {t(`PROFILE_SETTINGS.FORM.AUDIO_ALERTS.TONES.${tone}`)}
              </option>
            ))}
          </select>
        </div>
        <Button size="small" onClick={() => void play(current.tone)}>
          {t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.PREVIEW')}
        </Button>
      </div>
      <Toggle
        label={t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.ALWAYS')}
        description={t('PROFILE_SETTINGS.FORM.AUDIO_ALERTS.ALWAYS_HINT')}
        checked={current.alwaysPlay}
        disabled={current.scope === 'none'}
        onChange={(alwaysPlay) => choose({ alwaysPlay })}
      />
    </SettingsCard>
  );
}
