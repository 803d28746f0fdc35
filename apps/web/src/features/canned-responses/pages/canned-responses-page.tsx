import { useEffect, useState } from 'react';
import type { CannedResponse } from '@app/shared/canned-responses';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useCannedResponseList, useDeleteCannedResponse } from '../api.ts';
import { CannedResponseDialog } from '../components/canned-response-dialog.tsx';
import '../canned-responses.css';

/** Typing in the search asks the server once the typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

type DialogState = { canned: CannedResponse | null } | null;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** settings/canned-response/list (canned_list: administrators and agents): saved replies, searched on the server. */
export function CannedResponsesPage() {
  const { account } = useCurrentAccount();
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const list = useCannedResponseList(account.id, search);
  const remove = useDeleteCannedResponse(account.id);
  const [dialog, setDialog] = useState<DialogState>(null);

  const { askRemove: askDelete, dialog: confirmDialog } = useConfirmedRemoval((canned: CannedResponse) => ({
    title: t('CANNED_MGMT.DELETE.CONFIRM.TITLE', { code: canned.short_code }),
    description: t('CANNED_MGMT.DELETE.CONFIRM.MESSAGE'),
    confirmLabel: t('CANNED_MGMT.DELETE.CONFIRM.YES'),
    cancelLabel: t('CANNED_MGMT.DELETE.CONFIRM.NO'),
    run: (callbacks) => remove.mutate(canned.id, callbacks),
    success: t('CANNED_MGMT.DELETE.API.SUCCESS_MESSAGE'),
    failure: (error) => readServerErrors(error, {}, t('CANNED_MGMT.DELETE.API.ERROR_MESSAGE')).message ?? '',
  }));

  const rows = list.data ?? [];
  const nothingSaved = rows.length === 0 && !search;
  const addButton = (
    <Button variant="primary" onClick={() => setDialog({ canned: null })}>
      {t('CANNED_MGMT.HEADER_BTN_TXT')}
    </Button>
  );

  return (
    <SettingsPage title={t('CANNED_MGMT.HEADER')} description={t('CANNED_MGMT.DESCRIPTION')} actions={nothingSaved ? undefined : addButton}>
      <SettingsQueryState
        query={list}
        isEmpty={nothingSaved}
        empty={<SettingsEmpty title={t('CANNED_MGMT.LIST.EMPTY_TITLE')} description={t('CANNED_MGMT.LIST.EMPTY_DESCRIPTION')} action={addButton} />}
      >
        <div className="canned-search">
          <input
            type="search"
            className="canned-search__input"
            aria-label={t('CANNED_MGMT.SEARCH.LABEL')}
            placeholder={t('CANNED_MGMT.SEARCH.PLACEHOLDER')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {rows.length === 0 ? (
          <p className="settings-empty muted" role="status">
            {t('CANNED_MGMT.LIST.NO_MATCH', { query: search })}
          </p>
        ) : (
          <div className="settings-table-wrap">
            <table className="settings-table canned-table">
              <thead>
                <tr>
                  <th scope="col">{t('CANNED_MGMT.LIST.TABLE_HEADER.SHORT_CODE')}</th>
                  <th scope="col">{t('CANNED_MGMT.LIST.TABLE_HEADER.CONTENT')}</th>
                  <th scope="col" className="settings-table__actions" aria-label={t('CANNED_MGMT.LIST.TABLE_HEADER.ACTIONS')} />
                </tr>
              </thead>
              <tbody>
                {rows.map((canned) => (
                  <tr key={canned.id}>
                    <th scope="row" className="canned-table__code">
                      <code>{canned.short_code}</code>
                    </th>
                    <td className="canned-table__content">{canned.content}</td>
                    <td className="settings-table__actions">
                      <Button size="small" variant="ghost" aria-label={t('CANNED_MGMT.EDIT_ARIA', { code: canned.short_code })} onClick={() => setDialog({ canned })}>
                        {t('CANNED_MGMT.EDIT_BUTTON')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        className="button--danger-text"
                        aria-label={t('CANNED_MGMT.DELETE_ARIA', { code: canned.short_code })}
                        loading={remove.isPending && remove.variables === canned.id}
                        onClick={() => void askDelete(canned)}
                      >
                        {t('CANNED_MGMT.DELETE_BUTTON')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsQueryState>
      {dialog ? <CannedResponseDialog accountId={account.id} canned={dialog.canned} onClose={() => setDialog(null)} /> : null}
      {confirmDialog}
    </SettingsPage>
  );
}
