import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { WithdrawIssue } from '@app/shared/payments';
import { WITHDRAW_ISSUE_STATUSES, type WithdrawIssueStatus } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsEmpty } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useIssueList } from '../api.ts';
import type { PaymentsAccess } from '../hooks/use-payments-account.ts';
import { formatTime, statusLabel } from '../utils/format.ts';
import { pageFromSearch } from '../utils/record-filters.ts';
import { IssueDialog } from './issue-dialog.tsx';
import { RecordPagination } from './record-pagination.tsx';
import { RecordsSkeleton } from './records-table.tsx';
import { StatusBadge } from './status-badge.tsx';

type IssueFilter = WithdrawIssueStatus | 'all';
const ALL = 'all';
/** Open issues first: they are the work. */
const DEFAULT_FILTER: IssueFilter = 'open';

const filterOf = (value: string | null): IssueFilter => (value === ALL || (WITHDRAW_ISSUE_STATUSES as readonly string[]).includes(value ?? '') ? (value as IssueFilter) : DEFAULT_FILTER);

function issueQuery(inboxId: number | null, filter: IssueFilter, page: number): string {
  const params = new URLSearchParams();
  if (inboxId !== null) params.set('inbox_id', String(inboxId));
  if (filter !== ALL) params.set('status', filter);
  params.set('page', String(page));
  return params.toString();
}

const issueStatusLabel = (status: WithdrawIssueStatus) => t(`PAYMENTS.ISSUE_STATUS.${status}`);

function IssueRow({ issue, canManage, onChange }: { issue: WithdrawIssue; canManage: boolean; onChange: () => void }) {
  return (
    <tr>
      <th scope="row">
        <span className="payment-issue__order">{issue.order_id}</span>
        <span className="muted payment-issue__sub">
          {issue.withdraw ? t('PAYMENTS.ISSUES.WITHDRAW_STATUS', { status: statusLabel(issue.withdraw.status) }) : t('PAYMENTS.ISSUES.NO_WITHDRAW')}
        </span>
      </th>
      <td className="payment-issue__nowrap">{issue.inbox_name}</td>
      <td className="payment-issue__description">{issue.description}</td>
      <td className="payment-issue__nowrap">
        {issue.conversation_id ? (
          <Link to={accountPath(issue.account_id, `conversations/${issue.conversation_id}`)}>{t('PAYMENTS.DRAWER.OPEN_CONVERSATION', { id: issue.conversation_id })}</Link>
        ) : (
          <span className="muted">{t('PAYMENTS.LIST.NONE')}</span>
        )}
      </td>
      <td className="payment-table__time">
        <time dateTime={issue.created_at}>{formatTime(issue.created_at)}</time>
        {issue.created_by ? <span className="muted payment-issue__sub">{t('PAYMENTS.ISSUES.RAISED_BY', { name: issue.created_by.name })}</span> : null}
      </td>
      <td>
        <StatusBadge status={issue.status} label={issueStatusLabel(issue.status)} />
        {issue.resolved_by ? <span className="muted payment-issue__sub">{t('PAYMENTS.ISSUES.RESOLVED_BY', { name: issue.resolved_by.name })}</span> : null}
        {issue.resolution_note ? <span className="payment-issue__sub">{issue.resolution_note}</span> : null}
      </td>
      <td className="settings-table__actions">
        {canManage ? (
          <Button size="small" variant={issue.status === 'open' ? 'primary' : 'ghost'} onClick={onChange}>
            {t(issue.status === 'open' ? 'PAYMENTS.ISSUES.RESOLVE' : 'PAYMENTS.ISSUES.REOPEN')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/** The withdraw issues agents raised from conversations (GET withdraw_issues), open ones first, to resolve or reopen with a note. */
export function IssuesTab({ access, inboxId }: { access: PaymentsAccess; inboxId: number | null }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const page = pageFromSearch(params);
  const list = useIssueList(access.accountId, issueQuery(inboxId, filter, page), access.live);
  const [changing, setChanging] = useState<WithdrawIssue | null>(null);
  const issues = list.data?.payload ?? [];
  const meta = list.data?.meta;

  const show = (nextFilter: IssueFilter, nextPage = 1) => {
    const search = new URLSearchParams();
    if (nextFilter !== DEFAULT_FILTER) search.set('status', nextFilter);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  let body;
  if (list.isPending) body = <RecordsSkeleton />;
  else if (list.isError) body = <PageStatus kind="error" message={t('PAYMENTS.ISSUES.ERROR')} action={<Button onClick={() => void list.refetch()}>{t('PAYMENTS.LIST.RETRY')}</Button>} />;
  else if (issues.length === 0)
    body = filter === ALL ? (
      <SettingsEmpty title={t('PAYMENTS.ISSUES.EMPTY')} description={t('PAYMENTS.ISSUES.EMPTY_DESCRIPTION')} />
    ) : (
      <SettingsEmpty title={t('PAYMENTS.ISSUES.EMPTY_FILTERED', { status: issueStatusLabel(filter).toLowerCase() })} description={t('PAYMENTS.ISSUES.EMPTY_DESCRIPTION')} />
    );
  else
    body = (
      <>
        <div className="settings-table-wrap">
          <table className="settings-table payment-table payment-issues" aria-label={t('PAYMENTS.ISSUES.TABLE')} aria-busy={list.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('PAYMENTS.ISSUES.ORDER_ID')}</th>
                <th scope="col">{t('PAYMENTS.LIST.INBOX')}</th>
                <th scope="col">{t('PAYMENTS.ISSUES.DESCRIPTION')}</th>
                <th scope="col">{t('PAYMENTS.ISSUES.CONVERSATION')}</th>
                <th scope="col">{t('PAYMENTS.ISSUES.RAISED')}</th>
                <th scope="col">{t('PAYMENTS.ISSUES.STATUS')}</th>
                <th scope="col" className="settings-table__actions" />
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <IssueRow key={issue.id} issue={issue} canManage={access.canManageIssues} onChange={() => setChanging(issue)} />
              ))}
            </tbody>
          </table>
        </div>
        <RecordPagination page={page} perPage={meta!.per_page} total={meta!.count} capped={false} rowsOnPage={issues.length} busy={list.isPlaceholderData} onChange={(next) => show(filter, next)} />
      </>
    );

  return (
    <div className="payment-tab">
      <div className="payment-toolbar">
        <div className="field payment-issues__filter">
          <label htmlFor={`${id}-status`}>{t('PAYMENTS.ISSUES.STATUS_FILTER')}</label>
          <select id={`${id}-status`} value={filter} onChange={(e) => show(e.target.value as IssueFilter)}>
            {WITHDRAW_ISSUE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {issueStatusLabel(status)}
              </option>
            ))}
            <option value={ALL}>{t('PAYMENTS.ISSUES.ALL')}</option>
          </select>
        </div>
      </div>
      {body}
      {changing ? <IssueDialog accountId={access.accountId} issue={changing} onClose={() => setChanging(null)} /> : null}
    </div>
  );
}
