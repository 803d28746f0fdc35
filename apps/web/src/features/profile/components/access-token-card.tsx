import { useId, useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useResetAccessToken } from '../api.ts';
import { maskToken } from '../utils/access-token.ts';

/**
 * The user's API access token (the `api_access_token` header): hidden until revealed, copied in one click,
 * and reset after a confirmation, since integrations using the old one stop working at once.
 */
export function AccessTokenCard({ user }: { user: CurrentUser }) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const reset = useResetAccessToken();
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const token = user.access_token;

  const copy = async () => {
    if (await copyText(token)) toast(t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.COPIED'), 'success');
    else toast(t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.COPY_ERROR'), 'error');
  };

  const askReset = async () => {
    const yes = await confirm({
      title: t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_CONFIRM.TITLE'),
      description: t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_CONFIRM.DESCRIPTION'),
      confirmLabel: t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_CONFIRM.CONFIRM'),
      cancelLabel: t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_CONFIRM.CANCEL'),
      tone: 'danger',
    });
    if (!yes) return;
    reset.mutate(undefined, {
      onSuccess: () => {
        setRevealed(true);
        toast(t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_SUCCESS'), 'success');
      },
      onError: () => toast(t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_ERROR'), 'error'),
    });
  };

  return (
    <SettingsCard title={t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.TITLE')} description={t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.NOTE')}>
      <div className="field">
        <label htmlFor={`${id}-token`}>{t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.LABEL')}</label>
        <div className="access-token">
          <input
            id={`${id}-token`}
            className="access-token__value"
            readOnly
            value={revealed ? token : maskToken(token)}
            aria-describedby={`${id}-hint`}
            spellCheck={false}
            onFocus={(e) => revealed && e.currentTarget.select()}
          />
          <Button size="small" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed}>
            {revealed ? t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.HIDE') : t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.REVEAL')}
          </Button>
          <Button size="small" onClick={() => void copy()}>
            {t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.COPY')}
          </Button>
        </div>
        <p className="field__hint" id={`${id}-hint`}>
          {t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.HINT')}
        </p>
      </div>
      <div className="access-token__reset">
        <div>
          <p className="access-token__reset-title">{t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_TITLE')}</p>
          <p className="muted">{t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET_NOTE')}</p>
        </div>
        <Button size="small" variant="danger" loading={reset.isPending} onClick={() => void askReset()}>
          {t('PROFILE_SETTINGS.FORM.ACCESS_TOKEN.RESET')}
        </Button>
      </div>
      {dialog}
    </SettingsCard>
  );
}
