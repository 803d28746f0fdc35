import { SettingsCard } from '../../../components/settings-card.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useBrowserPush } from '../hooks/use-browser-push.ts';
import { PushDeniedError, PushServiceError, UNSUPPORTED_MESSAGE, type PushEnvironment } from '../utils/browser-push.ts';

/**
 * Push notifications in this browser: turning it on asks for permission and registers the browser with the
 * server (POST notification_subscriptions, S0-7.29); the events pushed are the Push column above.
 */
export function BrowserPushCard({ env }: { env?: PushEnvironment | undefined }) {
  const push = useBrowserPush(env);
  const toast = useToast();

  const flip = async (on: boolean) => {
    // S0-8.10
    if (push.support === 'no-notifications') {
      toast(UNSUPPORTED_MESSAGE, 'error');
      return;
    }
    if (push.support === 'no-push') {
      toast(t('PROFILE_SETTINGS.FORM.PUSH.NO_PUSH'), 'error');
      return;
    }
    try {
      if (on) {
        await push.enable();
        toast(t('PROFILE_SETTINGS.FORM.PUSH.ENABLED'), 'success');
      } else {
        await push.disable();
        toast(t('PROFILE_SETTINGS.FORM.PUSH.DISABLED'), 'success');
      }
    } catch (error) {
      const message =
        error instanceof PushDeniedError
          ? t('PROFILE_SETTINGS.FORM.PUSH.DENIED')
          : error instanceof PushServiceError
            ? t('PROFILE_SETTINGS.FORM.PUSH.SERVICE_ERROR')
            : t('PROFILE_SETTINGS.FORM.PUSH.ERROR');
      toast(message, 'error');
    }
  };

  const status = push.busy
    ? t('PROFILE_SETTINGS.FORM.PUSH.WORKING')
    : push.support === 'no-notifications'
      ? UNSUPPORTED_MESSAGE
      : push.support === 'no-push'
        ? t('PROFILE_SETTINGS.FORM.PUSH.NO_PUSH')
        : push.permission === 'denied'
          ? t('PROFILE_SETTINGS.FORM.PUSH.DENIED')
          : push.enabled
            ? t('PROFILE_SETTINGS.FORM.PUSH.STATUS_ON')
            : t('PROFILE_SETTINGS.FORM.PUSH.STATUS_OFF');

  return (
    <SettingsCard title={t('PROFILE_SETTINGS.FORM.PUSH.TITLE')} description={t('PROFILE_SETTINGS.FORM.PUSH.NOTE')}>
      <Toggle
        label={t('PROFILE_SETTINGS.FORM.PUSH.LABEL')}
        description={status}
        checked={push.enabled === true}
        disabled={push.busy || push.enabled === null}
        onChange={(on) => void flip(on)}
      />
    </SettingsCard>
  );
}
