import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsEmpty, SettingsPage } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useInboxes } from '../../../app/shell/api.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { CheckerTabs, panelId, tabId } from '../components/checker-tabs.tsx';
import { InboxPicker } from '../components/inbox-picker.tsx';
import { IssuesTab } from '../components/issues-tab.tsx';
import { RecordsTab } from '../components/records-tab.tsx';
import { usePaymentsAccount, type PaymentsAccess } from '../hooks/use-payments-account.ts';
import { usePaymentsRealtime } from '../realtime.ts';
import { ALL_INBOXES, checkerViewPath, readCheckerParams, type CheckerTab, type InboxChoice } from '../utils/checker-path.ts';
import '../checker-view.css';

/**
 * The inbox the page shows: the URL's; without one every inbox for administrators (of the payments account),
 * the first of theirs for everyone else. Null when the user has no inbox at all.
 */
function chooseInbox(asked: InboxChoice | null, access: PaymentsAccess, inboxIds: number[]): InboxChoice | null {
  if (access.isAdministrator) return asked ?? ALL_INBOXES;
  if (asked !== null && asked !== ALL_INBOXES) return asked;
  return inboxIds[0] ?? null;
}

/** checker-view/{inboxId?}/{tab?} once the payments account is known and readable. */
function CheckerView({ access }: { access: PaymentsAccess }) {
  const { account } = useCurrentAccount();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const inboxes = useInboxes(access.accountId);
  const asked = readCheckerParams(params.inboxId, params.tab);
  const list = (inboxes.data ?? []).map(({ id, name }) => ({ id, name }));
  const inbox = inboxes.data ? chooseInbox(asked.inbox, access, list.map((entry) => entry.id)) : null;
  const tab = asked.tab;
  // Another tab starts unfiltered (statuses differ); another inbox keeps the filters but not the page or the open record.
  const go = (nextInbox: InboxChoice, nextTab: CheckerTab, keepFilters = false) => {
    const search = new URLSearchParams(keepFilters ? location.search : '');
    search.delete('page');
    search.delete('record');
    return navigate({ pathname: accountPath(account.id, checkerViewPath(nextInbox, nextTab)), search: search.toString() });
  };

  // The URL says what shows (S1-2.76): a chosen default or a rewritten segment replaces it.
  const target = inbox === null ? null : accountPath(account.id, checkerViewPath(inbox, tab));
  const rewrite = target !== null && (!asked.canonical || asked.inbox !== inbox) && location.pathname !== target;
  useEffect(() => {
    if (rewrite) void navigate({ pathname: target, search: location.search }, { replace: true });
  }, [rewrite, target, location.search, navigate]);

  if (inboxes.isPending) return <PageStatus kind="loading" message={t('PAYMENTS.LIST.LOADING')} />;
  if (inboxes.isError) return <PageStatus kind="error" message={t('PAYMENTS.LIST.ERROR')} action={<Button onClick={() => void inboxes.refetch()}>{t('PAYMENTS.LIST.RETRY')}</Button>} />;
  if (inbox === null) return <SettingsEmpty title={t('PAYMENTS.INBOX.NONE_TITLE')} description={t('PAYMENTS.INBOX.NONE_DESCRIPTION')} />;
  if (inbox !== ALL_INBOXES && !list.some((entry) => entry.id === inbox)) {
    return (
      <SettingsEmpty
        title={t('PAYMENTS.INBOX.UNKNOWN_TITLE')}
        description={t('PAYMENTS.INBOX.UNKNOWN_DESCRIPTION')}
        action={<Link to={accountPath(account.id, 'checker-view')}>{t('PAYMENTS.INBOX.BACK')}</Link>}
      />
    );
  }
  const inboxId = inbox === ALL_INBOXES ? null : inbox;
  return (
    <>
      <div className="checker-bar">
        <CheckerTabs current={tab} onSelect={(next) => void go(inbox, next)} />
        <InboxPicker inboxes={list} value={inbox} allowAll={access.isAdministrator} onChange={(next) => void go(next, tab, true)} />
      </div>
      <div className="checker-panel" role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'issues' ? (
          <IssuesTab access={access} inboxId={inboxId} />
        ) : (
          <RecordsTab key={tab} access={access} kind={tab} inboxId={inboxId} inboxes={list} />
        )}
      </div>
    </>
  );
}

/**
 * The checker view (001 sections 2 and 9): recharges (the default tab, S1-2.79), withdrawals and withdraw
 * issues of an inbox or of all. Everything comes from the payments account (S1-7.26); a user who is not a
 * member there, or whose role there does not open payments, is told so instead of meeting an error.
 */
export function CheckerViewPage() {
  const { account } = useCurrentAccount();
  const access = usePaymentsAccount();
  usePaymentsRealtime(access?.accountId ?? 0, access?.live ?? false);
  const elsewhere = access?.membership && !access.live ? t('PAYMENTS.ACCOUNT.OTHER', { name: access.membership.name }) : null;

  let body;
  if (!access) body = <PageStatus kind="loading" message={t('PAYMENTS.LIST.LOADING')} />;
  else if (!access.membership) body = <SettingsEmpty title={t('PAYMENTS.ACCOUNT.NOT_MEMBER_TITLE')} description={t('PAYMENTS.ACCOUNT.NOT_MEMBER_DESCRIPTION', { id: access.accountId })} />;
  else if (!access.canRead) body = <SettingsEmpty title={t('PAYMENTS.ACCOUNT.NO_ACCESS_TITLE')} description={t('PAYMENTS.ACCOUNT.NO_ACCESS_DESCRIPTION', { id: access.accountId })} />;
  else body = <CheckerView key={account.id} access={access} />;

  return (
    <SettingsPage title={t('PAYMENTS.HEADER')} description={elsewhere ? `${t('PAYMENTS.DESCRIPTION')} ${elsewhere}.` : t('PAYMENTS.DESCRIPTION')}>
      {body}
    </SettingsPage>
  );
}
