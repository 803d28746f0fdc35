import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { t } from '../lib/i18n/i18n.ts';
import { Button } from '../components/button.tsx';
import { PageStatus } from '../components/page-status.tsx';

/**
 * While the session is being checked: a loading screen; when the check failed for another reason than a
 * 401 (server down, network): an error screen with a retry. Null once there is an answer to act on.
 */
export function sessionPendingState(session: UseQueryResult<unknown>) {
  if (session.isPending && session.fetchStatus !== 'idle') return <PageStatus kind="loading" message={t('DASHBOARD.LOADING')} />;
  if (session.isError && !(session.error instanceof ApiError && session.error.status === 401)) {
    return (
      <PageStatus
        kind="error"
        message={t('DASHBOARD.LOAD_ERROR')}
        action={
          <Button variant="primary" loading={session.isFetching} onClick={() => void session.refetch()}>
            {t('DASHBOARD.RETRY')}
          </Button>
        }
      />
    );
  }
  return null;
}
