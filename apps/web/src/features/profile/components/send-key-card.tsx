import { useId, useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import { editorMessageKeyOf, sendKeySettings, type EditorMessageKey } from '../utils/send-key.ts';
import { SettingsCard } from '../../../components/settings-card.tsx';

const CHOICES = [
  { key: 'enter', keys: ['Enter'], heading: 'PROFILE_SETTINGS.FORM.SEND_MESSAGE.CARD.ENTER_KEY.HEADING', content: 'PROFILE_SETTINGS.FORM.SEND_MESSAGE.CARD.ENTER_KEY.CONTENT' },
  {
    key: 'cmd_enter',
    keys: ['⌘/Ctrl', 'Enter'],
    heading: 'PROFILE_SETTINGS.FORM.SEND_MESSAGE.CARD.CMD_ENTER_KEY.HEADING',
    content: 'PROFILE_SETTINGS.FORM.SEND_MESSAGE.CARD.CMD_ENTER_KEY.CONTENT',
  },
] as const;

/** Enter or Cmd/Ctrl+Enter sends a reply (ui_settings.editor_message_key), saved as soon as it is chosen. */
export function SendKeyCard({ user }: { user: CurrentUser }) {
  const id = useId();
  const [choosing, setChoosing] = useState<EditorMessageKey | null>(null);
  const { save, saving } = useSectionSave([], t('PROFILE_SETTINGS.FORM.SEND_MESSAGE.UPDATE_SUCCESS'));
  const current = choosing ?? editorMessageKeyOf(user.ui_settings);

  const choose = (key: EditorMessageKey) => {
    if (key === current) return;
    setChoosing(key);
    save({ ui_settings: sendKeySettings(key) }, { onSettled: () => setChoosing(null) });
  };

  return (
    <SettingsCard title={t('PROFILE_SETTINGS.FORM.SEND_MESSAGE.TITLE')} description={t('PROFILE_SETTINGS.FORM.SEND_MESSAGE.NOTE')}>
      <fieldset className="choice-cards" aria-label={t('PROFILE_SETTINGS.FORM.SEND_MESSAGE.TITLE')} aria-busy={saving || undefined}>
        {CHOICES.map((choice) => (
          <label key={choice.key} className="choice-card">
            <input
              type="radio"
              name={`${id}-send-key`}
              value={choice.key}
              checked={current === choice.key}
              onChange={() => choose(choice.key)}
              aria-labelledby={`${id}-${choice.key}-heading`}
              aria-describedby={`${id}-${choice.key}-content`}
            />
            <span className="choice-card__title" id={`${id}-${choice.key}-heading`}>
              {t(choice.heading)}
            </span>
            <span className="choice-card__keys" aria-hidden="true">
              {choice.keys.map((k) => (
                <kbd className="kbd" key={k}>
                  {k}
                </kbd>
              ))}
            </span>
            <span className="choice-card__description" id={`${id}-${choice.key}-content`}>
              {t(choice.content)}
            </span>
          </label>
        ))}
      </fieldset>
    </SettingsCard>
  );
}
