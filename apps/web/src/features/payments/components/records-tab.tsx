import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PaymentKind } from '@app/shared/payments-constants';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsEmpty } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { pageCount } from '../../../lib/pagination.ts';
import { useRecordList } from '../api.ts';
import type { PaymentsAccess } from '../hooks/use-payments-account.ts';
import { exportQuery, filtersFromSearch, hasFilters, listQuery, pageFromSearch, searchOf, type RecordFilters } from '../utils/record-filters.ts';
import { ExportButton } from './export-button.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { RecordDrawer } from './record-drawer.tsx';
import { RecordFiltersForm } from './record-filters.tsx';
import { RecordPagination } from './record-pagination.tsx';
import { RecordsSkeleton, RecordsTable } from './records-table.tsx';
import { SettleByUtrDialog } from './settle-by-utr-dialog.tsx';

type RecordsTabProps = {
  access: PaymentsAccess;
  kind: PaymentKind;
  /** The chosen inbox; null for every inbox the user sees. */
  inboxId: number | null;
  inboxes: { id: number; name: string }[];
};

const recordFromSearch = (params: URLSearchParams) => {
  const id = Number(params.get('record'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * A records tab (recharges or withdrawals): filters, the page of records, its pagination and the open
 * record's panel, all in the URL (`?status=success&page=2&record=41`); export, import and settle-by-UTR above.
 */
export function RecordsTab({ access, kind, inboxId, inboxes }: RecordsTabProps) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params, kind);
  const page = pageFromSearch(params);
  const openRecord = recordFromSearch(params);
  const list = useRecordList(access.accountId, kind, listQuery(filters, inboxId, page), access.live);
  const [dialog, setDialog] = useState<'import' | 'settle' | null>(null);
  const meta = list.data?.meta;
  const records = list.data?.payload ?? [];

  const show = (next: RecordFilters, nextPage = 1, record: number | null = null) => {
    const search = searchOf(next, nextPage);
    if (record !== null) search.set('record', String(record));
    setParams(search);
  };

  // A page past the end (rows went away, an old link): on to the last page there is.
  const pastEnd = !list.isPlaceholderData && meta !== undefined && !meta.count_capped && records.length === 0 && meta.count > 0 && page > 1;
  const lastPage = pastEnd ? pageCount(meta.count, meta.per_page) : null;
  const filterSearch = searchOf(filters).toString();
  useEffect(() => {
    if (lastPage === null) return;
    const search = new URLSearchParams(filterSearch);
    if (lastPage > 1) search.set('page', String(lastPage));
    setParams(search, { replace: true });
  }, [lastPage, filterSearch, setParams]);

  const filtered = hasFilters(filters);
  let body;
  if (list.isPending) body = <RecordsSkeleton showInbox={inboxId === null} />;
  else if (list.isError)
    body = <PageStatus kind="error" message={t('PAYMENTS.LIST.ERROR')} action={<Button onClick={() => void list.refetch()}>{t('PAYMENTS.LIST.RETRY')}</Button>} />;
  else if (records.length === 0)
    body = filtered ? (
      <SettingsEmpty title={t('PAYMENTS.EMPTY.FILTERED')} description={t('PAYMENTS.EMPTY.FILTERED_DESCRIPTION')} />
    ) : (
      <SettingsEmpty title={t(`PAYMENTS.EMPTY.${kind}`)} description={t('PAYMENTS.EMPTY.DESCRIPTION')} />
    );
  else
    body = (
      <>
        <RecordsTable kind={kind} records={records} showInbox={inboxId === null} busy={list.isPlaceholderData} onOpen={(record) => show(filters, page, record.id)} />
        <RecordPagination
          page={page}
          perPage={meta!.per_page}
          total={meta!.count}
          capped={meta!.count_capped}
          rowsOnPage={records.length}
          busy={list.isPlaceholderData}
          onChange={(next) => show(filters, next)}
        />
      </>
    );

  return (
    <div className="payment-tab">
      <div className="payment-toolbar">
        <RecordFiltersForm key={`${kind}:${filterSearch}`} kind={kind} filters={filters} onApply={(next) => show(next)} />
        <div className="payment-toolbar__actions">
          {kind === 'recharge' && access.canUpdate ? <Button onClick={() => setDialog('settle')}>{t('PAYMENTS.CONFIRM_UTR.BUTTON')}</Button> : null}
          {access.canImport ? <Button onClick={() => setDialog('import')}>{t('PAYMENTS.IMPORT.BUTTON')}</Button> : null}
          <ExportButton accountId={access.accountId} kind={kind} query={exportQuery(filters, inboxId)} expected={meta?.count ?? null} disabled={!meta || meta.count === 0} />
        </div>
      </div>
      {body}
      {openRecord !== null ? <RecordDrawer accountId={access.accountId} kind={kind} recordId={openRecord} canUpdate={access.canUpdate} onClose={() => show(filters, page)} /> : null}
      {dialog === 'settle' ? <SettleByUtrDialog accountId={access.accountId} inboxId={inboxId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? (
        <ImportDialog accountId={access.accountId} kind={kind} inboxes={inboxes} defaultInboxId={inboxId} live={access.live} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
