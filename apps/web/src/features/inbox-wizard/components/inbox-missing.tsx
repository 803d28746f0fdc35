import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';

/** The inbox of the URL does not exist (deleted, or another account's): say so and offer the channel list. */
export function InboxMissing() {
  const { account } = useCurrentAccount();
  return (
    <div className="wizard-blocked" role="alert">
      <p>{t('INBOX_MGMT.ADD.NOT_FOUND')}</p>
      <Link className="button button--secondary" to={accountPath(account.id, 'settings/inboxes/new')}>
        {t('INBOX_MGMT.ADD.FINISH.ANOTHER')}
      </Link>
    </div>
  );
}
