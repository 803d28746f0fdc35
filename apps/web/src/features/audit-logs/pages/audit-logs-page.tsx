import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { format, formatDistanceToNow, fromUnixTime } from 'date-fns';
import { AUDIT_LOGS_PER_PAGE } from '@app/shared/constants';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { isFeatureDisabled } from '../../../lib/server-errors.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAuditLogs } from '../api.ts';
import { Pagination } from '../components/pagination.tsx';
import { changedFields, describeAuditLog } from '../utils/describe-audit-log.ts';
import { pageCount, pageFromQuery } from '../../../lib/pagination.ts';
import '../audit-logs.css';

/** settings/audit-logs/list (auditlogs_list): the account's audit log, newest first, 15 a page; the page is in the URL. */
export function AuditLogsPage() {
  const { account } = useCurrentAccount();
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const logs = useAuditLogs(account.id, page);
  const data = logs.data;
  const total = data?.total_entries ?? 0;
  const perPage = data?.per_page ?? AUDIT_LOGS_PER_PAGE;

  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  // A page past the end (entries went away, an old link): on to the last page there is.
  const pastEnd = !logs.isPlaceholderData && data !== undefined && data.audit_logs.length === 0 && total > 0;
  useEffect(() => {
    if (pastEnd) setParams({ page: String(pageCount(total, perPage)) }, { replace: true });
  }, [pastEnd, total, perPage, setParams]);

  const featureOff = isFeatureDisabled(logs.error);
  return (
    <SettingsPage title={t('AUDIT_LOGS.HEADER')} description={t('AUDIT_LOGS.DESCRIPTION')}>
      {featureOff ? (
        <SettingsEmpty title={t('AUDIT_LOGS.FEATURE_DISABLED')} />
      ) : (
        <SettingsQueryState
          query={logs}
          isEmpty={total === 0}
          empty={<SettingsEmpty title={t('AUDIT_LOGS.EMPTY.TITLE')} description={t('AUDIT_LOGS.EMPTY.DESCRIPTION')} />}
        >
          <div className="settings-table-wrap">
            <table className="settings-table audit-logs-table" aria-label={t('AUDIT_LOGS.LIST.TABLE')} aria-busy={logs.isPlaceholderData || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('AUDIT_LOGS.LIST.ACTIVITY')}</th>
                  <th scope="col">{t('AUDIT_LOGS.LIST.TIME')}</th>
                  <th scope="col">{t('AUDIT_LOGS.LIST.IP_ADDRESS')}</th>
                </tr>
              </thead>
              <tbody>
                {data?.audit_logs.map((log) => {
                  const when = fromUnixTime(log.created_at);
                  const fields = changedFields(log);
                  return (
                    <tr key={log.id}>
                      <td>
                        <div className="audit-logs-table__activity">
                          <span>{describeAuditLog(log)}</span>
                          {fields.length > 0 ? <span className="muted">{t('AUDIT_LOGS.LIST.CHANGED', { fields: fields.join(', ') })}</span> : null}
                        </div>
                      </td>
                      <td className="audit-logs-table__time">
                        <time dateTime={when.toISOString()} title={format(when, 'PPpp')}>
                          {format(when, 'MMM d, yyyy, HH:mm')}
                        </time>
                        <span className="muted">{formatDistanceToNow(when, { addSuffix: true })}</span>
                      </td>
                      <td className="audit-logs-table__ip">{log.remote_address ?? t('AUDIT_LOGS.LIST.UNKNOWN_IP')}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination page={page} perPage={perPage} total={total} onChange={goTo} busy={logs.isPlaceholderData} />
        </SettingsQueryState>
      )}
    </SettingsPage>
  );
}
