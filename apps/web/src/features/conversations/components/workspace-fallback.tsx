import { Spinner } from '../../../components/spinner.tsx';
import { t } from '../../../lib/i18n/i18n.ts';

/** Shown while the workspace's own chunk loads (it is split from the login screen and the shell). */
export function WorkspaceFallback() {
  return (
    <div role="status" aria-label={t('CHAT_LIST.LOADING')} style={{ display: 'grid', placeItems: 'center', flex: 1, minHeight: '50vh' }}>
      <Spinner />
    </div>
  );
}
