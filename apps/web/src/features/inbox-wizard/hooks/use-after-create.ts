import { useNavigate } from 'react-router';
import type { Inbox } from '@app/shared/inboxes';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';

/** After a creation: a toast, then the add-agents step of the new inbox (S1-2.104). */
export function useAfterCreate() {
  const { account } = useCurrentAccount();
  const navigate = useNavigate();
  const toast = useToast();
  return (inbox: Inbox) => {
    toast(t('INBOX_MGMT.ADD.CREATED', { name: inbox.name }), 'success');
    void navigate(accountPath(account.id, `settings/inboxes/new/${inbox.id}/agents`));
  };
}
