import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { format } from 'date-fns';
import { Button } from '../../../components/button.tsx';
import type { DateRange } from '../../../components/date-range.ts';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsEmpty, SettingsPage } from '../../../components/settings-page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addMessages, t } from '../../../lib/i18n/i18n.ts';
import { conversationSummariesEn } from '../../../lib/i18n/locales/en-conversation-summaries.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useConversationSummaries, useSummaryInboxes } from '../api.ts';
import { AgentSummaryTable } from '../components/agent-summary-table.tsx';
import { InboxSummaryTable } from '../components/inbox-summary-table.tsx';
import { StatusTiles } from '../components/status-tiles.tsx';
import { SummaryFilters } from '../components/summary-filters.tsx';
import { paramsWithRange, rangeFromParams, summaryQuery } from '../utils/summary-range.ts';
import { byInboxName } from '../utils/summary-rows.ts';
import '../conversation-summaries.css';

// The screen's strings come with its chunk (lib/i18n/locales/en-conversation-summaries.ts).
addMessages('en', conversationSummariesEn);

const inboxIdOf = (param: string | undefined) => (param && /^\d+$/.test(param) ? Number(param) : null);
const day = (date: Date) => format(date, 'MMM d, yyyy');

/**
 * conversation-summaries/{inboxId?} (conversation_summaries, 001 section 2): the conversations created in a period
 * (the last 7 days by default), per inbox, by status and by agent. The inbox is the path's, the period the
 * query string's, so a link shows the same summary.
 */
export function ConversationSummariesPage() {
  const { account } = useCurrentAccount();
  const { inboxId: inboxParam } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const inboxId = inboxIdOf(inboxParam);
  // "Today" is read once per period change, so the query key stays put while the screen is open.
  const range = useMemo(() => rangeFromParams(params, new Date()), [params]);
  const query = useMemo(() => summaryQuery(range, inboxId), [range, inboxId]);
  const summaries = useConversationSummaries(account.id, query);
  const inboxes = useSummaryInboxes(account.id);

  const search = (next: URLSearchParams) => (next.size ? `?${next}` : '');
  const pathOf = (id: number | null, next = params) => accountPath(account.id, id === null ? 'conversation-summaries' : `conversation-summaries/${id}`) + search(next);
  const changeInbox = (id: number | null) => navigate(pathOf(id));
  const changeRange = (next: DateRange) => setParams(paramsWithRange(params, next));

  return (
    <SettingsPage title={t('CONVERSATION_SUMMARIES.HEADER')} description={t('CONVERSATION_SUMMARIES.DESCRIPTION')}>
      <SummaryFilters inboxes={inboxes.data ?? []} inboxId={inboxId} onInboxChange={changeInbox} range={range} onRangeChange={changeRange} />
      <SummaryBody summaries={summaries} inboxId={inboxId} range={range} inboxLink={(id) => pathOf(id)} allLink={pathOf(null)} />
    </SettingsPage>
  );
}

type SummaryBodyProps = {
  summaries: ReturnType<typeof useConversationSummaries>;
  inboxId: number | null;
  range: DateRange;
  inboxLink: (inboxId: number) => string;
  allLink: string;
};

/** Loading, error (an inbox that is not the user's among them), nothing to count, or the tables. */
function SummaryBody({ summaries, inboxId, range, inboxLink, allLink }: SummaryBodyProps) {
  if (summaries.isPending) return <PageStatus kind="loading" message={t('CONVERSATION_SUMMARIES.LOADING')} />;
  if (summaries.isError) {
    if (summaries.error instanceof ApiError && summaries.error.status === 404 && inboxId !== null) {
      return (
        <SettingsEmpty
          title={t('CONVERSATION_SUMMARIES.INBOX_NOT_FOUND')}
          action={
            <Link className="button button--secondary" to={allLink}>
              {t('CONVERSATION_SUMMARIES.SHOW_ALL')}
            </Link>
          }
        />
      );
    }
    return <PageStatus kind="error" message={t('CONVERSATION_SUMMARIES.LOAD_ERROR')} action={<Button onClick={() => void summaries.refetch()}>{t('CONVERSATION_SUMMARIES.RETRY')}</Button>} />;
  }
  const rows = byInboxName(summaries.data.payload);
  if (rows.length === 0) return <SettingsEmpty title={t('CONVERSATION_SUMMARIES.NO_INBOXES.TITLE')} description={t('CONVERSATION_SUMMARIES.NO_INBOXES.DESCRIPTION')} />;
  const busy = summaries.isPlaceholderData || undefined;
  if (rows.every((row) => row.total === 0)) {
    return (
      <div aria-busy={busy}>
        <SettingsEmpty title={t('CONVERSATION_SUMMARIES.EMPTY.TITLE')} description={t('CONVERSATION_SUMMARIES.EMPTY.DESCRIPTION', { from: day(range.from), to: day(range.to) })} />
      </div>
    );
  }
  const single = inboxId !== null && rows.length === 1 ? rows[0]! : null;
  return (
    <div className="summary-body" aria-busy={busy}>
      {single ? (
        <>
          <StatusTiles summary={single} />
          <AgentSummaryTable summary={single} showInboxName={false} />
        </>
      ) : (
        <>
          <InboxSummaryTable summaries={rows} inboxLink={inboxLink} />
          {rows.map((summary) => (
            <AgentSummaryTable key={summary.inbox_id} summary={summary} showInboxName />
          ))}
        </>
      )}
    </div>
  );
}
