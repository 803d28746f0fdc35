import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { Toggle } from '../../../components/toggle.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import { isSignatureEnabled, signatureFlagKey, SIGNATURE_CHANNELS, slugifyChannel } from '../utils/signature-flags.ts';
import { SettingsCard } from '../../../components/settings-card.tsx';

/** One switch per channel: whether replies there get the signature (ui_settings, saved on each flip). */
export function SignatureChannelsCard({ user }: { user: CurrentUser }) {
  // Flips on their way to the server, shown at once; dropped when the answer comes (the cache has the truth then).
  const [flipping, setFlipping] = useState<Record<string, boolean>>({});
  const { save } = useSectionSave([], t('PROFILE_SETTINGS.FORM.SIGNATURE_CHANNELS.API_SUCCESS'));

  const flip = (channelType: string, next: boolean) => {
    const key = signatureFlagKey(channelType);
    setFlipping((current) => ({ ...current, [key]: next }));
    save(
      { ui_settings: { [key]: next } },
      {
        onSettled: () =>
          setFlipping((current) => {
            const { [key]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  };

  return (
    <SettingsCard title={t('PROFILE_SETTINGS.FORM.SIGNATURE_CHANNELS.TITLE')} description={t('PROFILE_SETTINGS.FORM.SIGNATURE_CHANNELS.NOTE')}>
      <ul className="signature-channels">
        {SIGNATURE_CHANNELS.map((channelType) => {
          const key = signatureFlagKey(channelType);
          return (
            <li key={channelType}>
              <Toggle
                size="small"
                label={t(`PROFILE_SETTINGS.CHANNELS.${slugifyChannel(channelType)}` as MessageKey)}
                checked={flipping[key] ?? isSignatureEnabled(user.ui_settings, channelType)}
                onChange={(next) => flip(channelType, next)}
              />
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
