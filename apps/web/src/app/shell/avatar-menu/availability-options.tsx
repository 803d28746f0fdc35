import { AVAILABILITY_STATUSES, type Availability } from '@app/shared/constants';
import { t } from '../../../lib/i18n/i18n.ts';
import { useToast } from '../../../components/toast-provider.tsx';
import { useSetAutoOffline, useSetAvailability } from '../api.ts';

type AvailabilityOptionsProps = { accountId: number; current: Availability; autoOffline: boolean };

/**
 * 000 section 4: online, busy and offline, the current one checked and disabled; choosing another saves it
 * (failure: SET_AVAILABILITY_ERROR). Below, the auto-offline toggle, saved the same way.
 */
export function AvailabilityOptions({ accountId, current, autoOffline }: AvailabilityOptionsProps) {
  const availability = useSetAvailability(accountId);
  const setAutoOffline = useSetAutoOffline(accountId);
  const toast = useToast();
  const shown = availability.isPending ? availability.variables : current;

  return (
    <div className="shell-menu__group" role="group" aria-label={t('PROFILE_MENU.AVAILABILITY')}>
      <p className="shell-menu__heading" aria-hidden="true">
        {t('PROFILE_MENU.AVAILABILITY')}
      </p>
      <div className="shell-availability">
        {AVAILABILITY_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="menuitemradio"
            aria-checked={shown === status}
            disabled={shown === status || availability.isPending}
            className={`shell-availability__option shell-availability__option--${status}`}
            onClick={() =>
              availability.mutate(status, {
                onSuccess: () => toast(t('SET_AVAILABILITY_SUCCESS', { status: t(`AVAILABILITY.${status}`) }), 'success'),
                onError: () => toast(t('SET_AVAILABILITY_ERROR'), 'error'),
              })
            }
          >
            <span className={`shell-dot shell-dot--${status}`} aria-hidden="true" />
            {t(`AVAILABILITY.${status}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={setAutoOffline.isPending ? setAutoOffline.variables : autoOffline}
        disabled={setAutoOffline.isPending}
        className="shell-menu__item shell-menu__toggle"
        onClick={() => setAutoOffline.mutate(!autoOffline, { onError: () => toast(t('PROFILE_MENU.AUTO_OFFLINE_ERROR'), 'error') })}
      >
        <span className="shell-menu__toggle-text">
          <span>{t('PROFILE_MENU.AUTO_OFFLINE')}</span>
          <span className="shell-menu__hint">{t('PROFILE_MENU.AUTO_OFFLINE_HINT')}</span>
        </span>
        <span className="shell-switch" aria-hidden="true" />
      </button>
    </div>
  );
}
