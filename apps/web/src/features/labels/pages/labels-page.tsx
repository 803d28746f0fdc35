import { useState } from 'react';
import type { Label } from '@app/shared/labels';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useDeleteLabel, useLabelList } from '../api.ts';
import { LabelDialog } from '../components/label-dialog.tsx';
import '../labels.css';

type DialogState = { label: Label | null } | null;

/** settings/labels/list (labels_list, administrators): the account's labels, added and edited in a dialog. */
export function LabelsPage() {
  const { account } = useCurrentAccount();
  const labels = useLabelList(account.id);
  const remove = useDeleteLabel(account.id);
  const [dialog, setDialog] = useState<DialogState>(null);

  const { askRemove: askDelete, dialog: confirmDialog } = useConfirmedRemoval((label: Label) => ({
    title: t('LABEL_MGMT.DELETE.CONFIRM.TITLE', { title: label.title }),
    description: t('LABEL_MGMT.DELETE.CONFIRM.MESSAGE'),
    confirmLabel: t('LABEL_MGMT.DELETE.CONFIRM.YES'),
    cancelLabel: t('LABEL_MGMT.DELETE.CONFIRM.NO'),
    run: (callbacks) => remove.mutate(label.id, callbacks),
    success: t('LABEL_MGMT.DELETE.API.SUCCESS_MESSAGE'),
    failure: (error) => readServerErrors(error, {}, t('LABEL_MGMT.DELETE.API.ERROR_MESSAGE')).message ?? '',
  }));

  const addButton = (
    <Button variant="primary" onClick={() => setDialog({ label: null })}>
      {t('LABEL_MGMT.HEADER_BTN_TXT')}
    </Button>
  );
  const rows = [...(labels.data ?? [])].sort((a, b) => a.title.localeCompare(b.title));

  return (
    <SettingsPage title={t('LABEL_MGMT.HEADER')} description={t('LABEL_MGMT.DESCRIPTION')} actions={labels.data?.length ? addButton : undefined}>
      <SettingsQueryState
        query={labels}
        isEmpty={rows.length === 0}
        empty={<SettingsEmpty title={t('LABEL_MGMT.LIST.EMPTY_TITLE')} description={t('LABEL_MGMT.LIST.EMPTY_DESCRIPTION')} action={addButton} />}
      >
        <div className="settings-table-wrap">
          <table className="settings-table labels-table">
            <thead>
              <tr>
                <th scope="col">{t('LABEL_MGMT.LIST.TABLE_HEADER.NAME')}</th>
                <th scope="col">{t('LABEL_MGMT.LIST.TABLE_HEADER.DESCRIPTION')}</th>
                <th scope="col">{t('LABEL_MGMT.LIST.TABLE_HEADER.COLOR')}</th>
                <th scope="col">{t('LABEL_MGMT.LIST.TABLE_HEADER.SIDEBAR')}</th>
                <th scope="col" className="settings-table__actions" aria-label={t('LABEL_MGMT.LIST.TABLE_HEADER.ACTIONS')} />
              </tr>
            </thead>
            <tbody>
              {rows.map((label) => (
                <tr key={label.id}>
                  <th scope="row" className="labels-table__title">
                    <span className="label-chip">
                      <span className="label-chip__dot" style={{ background: label.color }} aria-hidden="true" />
                      {label.title}
                    </span>
                  </th>
                  <td className={label.description ? 'labels-table__description' : 'labels-table__description muted'}>
                    {label.description || t('LABEL_MGMT.LIST.NO_DESCRIPTION')}
                  </td>
                  <td>
                    <code className="labels-table__colour">{label.color}</code>
                  </td>
                  <td>{label.show_on_sidebar ? t('LABEL_MGMT.LIST.SHOWN') : <span className="muted">{t('LABEL_MGMT.LIST.HIDDEN')}</span>}</td>
                  <td className="settings-table__actions">
                    <Button size="small" variant="ghost" aria-label={t('LABEL_MGMT.EDIT_ARIA', { title: label.title })} onClick={() => setDialog({ label })}>
                      {t('LABEL_MGMT.EDIT_BUTTON')}
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      className="button--danger-text"
                      aria-label={t('LABEL_MGMT.DELETE_ARIA', { title: label.title })}
                      loading={remove.isPending && remove.variables === label.id}
                      onClick={() => void askDelete(label)}
                    >
                      {t('LABEL_MGMT.DELETE_BUTTON')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SettingsQueryState>
      {dialog ? <LabelDialog accountId={account.id} label={dialog.label} onClose={() => setDialog(null)} /> : null}
      {confirmDialog}
    </SettingsPage>
  );
}
