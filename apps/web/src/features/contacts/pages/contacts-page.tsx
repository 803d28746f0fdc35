import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CONTACT_SORT_KEYS, CONTACTS_PER_PAGE } from '@app/shared/contacts';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsEmpty, SettingsPage } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCableStatus } from '../../../lib/realtime/index.ts';
import { useLabels } from '../../../app/shell/api.ts';
import { useContactAttributeDefinitions, useContactList, useDeleteSegment, useSegment } from '../api.ts';
import { ContactFilterDialog } from '../components/contact-filter-dialog.tsx';
import { ContactsPagination } from '../components/contacts-pagination.tsx';
import { ContactsSkeleton, ContactsTable } from '../components/contacts-table.tsx';
import { ExportControl } from '../components/export-control.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { SaveSegmentDialog } from '../components/save-segment-dialog.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { useContactAccess } from '../hooks/use-contact-access.ts';
import { useContactsRealtime } from '../realtime.ts';
import { asFilterRows, exportBody, listRequest, listSearch, readListParams, type ContactSort, type ListParams, type ListScope } from '../utils/list-query.ts';
import '../contacts.css';

type Scope = 'all' | 'segment' | 'label';
const SORTS = CONTACT_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);

/** The empty state that fits what the list was asked. */
function Empty({ params, scope, label }: { params: ListParams; scope: ListScope; label: string }) {
  if (params.q) return <SettingsEmpty title={t('CONTACTS.EMPTY.SEARCH', { q: params.q })} description={t('CONTACTS.EMPTY.SEARCH_DESCRIPTION')} />;
  if (params.filter || scope.kind === 'segment') return <SettingsEmpty title={t('CONTACTS.EMPTY.FILTERED')} description={t('CONTACTS.EMPTY.FILTERED_DESCRIPTION')} />;
  if (scope.kind === 'label') return <SettingsEmpty title={t('CONTACTS.EMPTY.LABEL', { label })} />;
  return <SettingsEmpty title={t('CONTACTS.EMPTY.TITLE')} description={t('CONTACTS.EMPTY.DESCRIPTION')} />;
}

/**
 * contacts, contacts/custom_view/{id} and labels/{label}/contacts (S1-2.69 to S1-2.71): the list with search,
 * sort, filter and pagination in the URL (`?q=…&sort=…&filter=…&page=…`), segments saved from a filter, import and
 * export for those who may.
 */
export function ContactsPage({ scope: scopeKind }: { scope: Scope }) {
  const access = useContactAccess();
  const { accountId } = access;
  const routeParams = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const segmentId = scopeKind === 'segment' ? Number(routeParams.segmentId) : null;
  const segmentQuery = useSegment(accountId, segmentId !== null && Number.isSafeInteger(segmentId) && segmentId > 0 ? segmentId : null);
  const segment = segmentQuery.segment;
  const label = scopeKind === 'label' ? (routeParams.label ?? '') : '';
  const scope: ListScope =
    scopeKind === 'segment' ? { kind: 'segment', rows: asFilterRows(segment?.query.payload) } : scopeKind === 'label' ? { kind: 'label', label } : { kind: 'all' };
  const request = listRequest(scope, params);
  const list = useContactList(accountId, request);
  const definitions = useContactAttributeDefinitions(accountId);
  const labels = useLabels(accountId);
  const deleteSegment = useDeleteSegment(accountId);
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const live = useCableStatus() === 'connected';
  const [dialog, setDialog] = useState<'filter' | 'segment' | 'import' | null>(null);
  useContactsRealtime(accountId);

  const show = (next: Partial<ListParams>) => setSearch(listSearch({ ...params, page: 1, ...next }));

  const removeSegment = async () => {
    if (!segment) return;
    const name = segment.name;
    if (!(await confirm({ title: t('CONTACTS.SEGMENT.DELETE_TITLE', { name }), description: t('CONTACTS.SEGMENT.DELETE_DESCRIPTION'), tone: 'danger' }))) return;
    deleteSegment.mutate(segment.id, {
      onSuccess: () => {
        toast(t('CONTACTS.SEGMENT.DELETED', { name }), 'success');
        void navigate(accountPath(accountId, 'contacts'));
      },
      onError: () => toast(t('CONTACTS.SEGMENT.DELETE_ERROR'), 'error'),
    });
  };

  const title =
    scopeKind === 'label' ? t('CONTACTS.LABEL_HEADER', { label }) : scopeKind === 'segment' && segment ? t('CONTACTS.SEGMENT_HEADER', { name: segment.name }) : t('CONTACTS.HEADER');
  const segmentMissing = scopeKind === 'segment' && (segmentId === null || !Number.isSafeInteger(segmentId) || segmentId <= 0 || segment === null);
  const notContact = scopeKind === 'segment' && segment !== null && segment !== undefined && segment.filter_type !== 'contact';
  const contacts = list.data?.payload ?? [];
  const sortable = request !== null && request.kind !== 'filter';

  let body;
  if (segmentMissing || notContact) {
    body = (
      <SettingsEmpty
        title={t(segmentMissing ? 'CONTACTS.SEGMENT.NOT_FOUND' : 'CONTACTS.SEGMENT.NOT_CONTACT')}
        action={<Link to={accountPath(accountId, 'contacts')}>{t('CONTACTS.SEGMENT.BACK')}</Link>}
      />
    );
  } else if (list.isError || segmentQuery.isError) {
    const retry = () => void (segmentQuery.isError ? segmentQuery.refetch() : list.refetch());
    const server = list.error instanceof ApiError && list.error.status === 422 ? t('CONTACTS.FILTER.INVALID', { message: list.error.message }) : t('CONTACTS.LIST.ERROR');
    body = <PageStatus kind="error" message={server} action={<Button onClick={retry}>{t('CONTACTS.LIST.RETRY')}</Button>} />;
  } else if (request === null || list.isPending) body = <ContactsSkeleton />;
  else if (contacts.length === 0) body = <Empty params={params} scope={scope} label={label} />;
  else
    body = (
      <>
        <ContactsTable accountId={accountId} contacts={contacts} sort={sortable ? params.sort : null} onSort={sortable ? (sort) => show({ sort }) : undefined} busy={list.isPlaceholderData} />
        <ContactsPagination
          page={params.page}
          perPage={CONTACTS_PER_PAGE}
          total={list.data!.meta.count}
          busy={list.isPlaceholderData}
          onChange={(page) => setSearch(listSearch({ ...params, page }))}
        />
      </>
    );

  const filterCount = params.filter?.length ?? 0;
  // A page past the end (contacts went away, an old link): on to the last page there is.
  const count = list.data?.meta.count ?? 0;
  const pastEnd = !list.isPlaceholderData && list.data !== undefined && contacts.length === 0 && count > 0 && params.page > 1;
  const lastPage = pastEnd ? Math.max(1, Math.ceil(count / CONTACTS_PER_PAGE)) : null;
  const searchText = search.toString();
  useEffect(() => {
    if (lastPage === null) return;
    const next = new URLSearchParams(searchText);
    if (lastPage > 1) next.set('page', String(lastPage));
    else next.delete('page');
    setSearch(next, { replace: true });
  }, [lastPage, searchText, setSearch]);
  return (
    <SettingsPage
      title={title}
      description={scopeKind === 'all' ? t('CONTACTS.DESCRIPTION') : undefined}
      actions={
        <>
          {scopeKind === 'segment' && segment ? (
            <Button variant="ghost" onClick={() => void removeSegment()} loading={deleteSegment.isPending}>
              {t('CONTACTS.SEGMENT.DELETE')}
            </Button>
          ) : null}
          {access.canImport ? <Button onClick={() => setDialog('import')}>{t('CONTACTS.IMPORT.BUTTON')}</Button> : null}
          {access.canExport ? <ExportControl accountId={accountId} body={request ? exportBody(request) : null} live={live} disabled={!list.data || list.data.meta.count === 0} /> : null}
        </>
      }
    >
      <div className="contacts-toolbar">
        {/* A search runs over every contact (Chatwoot's box), so it replaces a typed filter rather than hiding under it. */}
        <SearchBox value={params.q} onSearch={(q) => show({ q, filter: q ? null : params.filter })} />
        <label className="contacts-toolbar__sort">
          <span>{t('CONTACTS.SORT.LABEL')}</span>
          <select value={params.sort} disabled={!sortable} onChange={(e) => show({ sort: e.target.value as ContactSort })}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`CONTACTS.SORT.${sort}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => setDialog('filter')} aria-pressed={filterCount > 0}>
          {filterCount ? t('CONTACTS.FILTER.BUTTON_ACTIVE', { count: filterCount }) : t('CONTACTS.FILTER.BUTTON')}
        </Button>
        {params.filter ? (
          <>
            <Button variant="ghost" onClick={() => show({ filter: null })}>
              {t('CONTACTS.FILTER.CLEAR')}
            </Button>
            <Button variant="primary" onClick={() => setDialog('segment')}>
              {t('CONTACTS.SEGMENT.SAVE')}
            </Button>
          </>
        ) : null}
      </div>
      {body}
      {dialog === 'filter' ? (
        <ContactFilterDialog
          accountId={accountId}
          labels={labels.data ?? []}
          rows={params.filter ?? (scope.kind === 'segment' ? scope.rows : null)}
          definitions={definitions.data ?? []}
          onClose={() => setDialog(null)}
          onApply={(rows) => {
            setDialog(null);
            show({ filter: rows, q: '' });
          }}
        />
      ) : null}
      {dialog === 'segment' && params.filter ? <SaveSegmentDialog accountId={accountId} rows={params.filter} onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportDialog accountId={accountId} live={live} onClose={() => setDialog(null)} /> : null}
      {confirmDialog}
    </SettingsPage>
  );
}
