import { useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ATTRIBUTE_MODELS, type AttributeModel } from '@app/shared/constants';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { Button } from '../../../components/button.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { TypedConfirmDialog } from '../../../components/typed-confirm-dialog.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAttributeList, useDeleteAttribute } from '../api.ts';
import { AttributeDialog, modelLabel, typeLabel } from '../components/attribute-dialog.tsx';
import '../custom-attributes.css';

type DialogState = { definition: CustomAttributeDefinition | null } | null;

/** `?tab=contact` opens the contact tab; anything else the conversation tab (Chatwoot's first). */
const modelOf = (tab: string | null): AttributeModel => (tab === 'contact' ? 'contact_attribute' : 'conversation_attribute');
const tabOf = (model: AttributeModel) => (model === 'contact_attribute' ? 'contact' : 'conversation');

/** settings/custom-attributes/list (attributes_list, administrators): conversation and contact attributes in two tabs. */
export function CustomAttributesPage() {
  const { account } = useCurrentAccount();
  const [params, setParams] = useSearchParams();
  const model = modelOf(params.get('tab'));
  const list = useAttributeList(account.id, model);
  const remove = useDeleteAttribute(account.id);
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<CustomAttributeDefinition | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const selectTab = (next: AttributeModel) => setParams(next === 'contact_attribute' ? { tab: 'contact' } : {}, { replace: true });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : ATTRIBUTE_MODELS.length - 1)) % ATTRIBUTE_MODELS.length;
    selectTab(ATTRIBUTE_MODELS[next]!);
    tabs.current[next]?.focus();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast(t('ATTRIBUTES_MGMT.DELETE.API.SUCCESS_MESSAGE'), 'success');
        setDeleting(null);
      },
      onError: (error) => toast(readServerErrors(error, {}, t('ATTRIBUTES_MGMT.DELETE.API.ERROR_MESSAGE')).message ?? '', 'error'),
    });
  };

  const modelWord = t(model === 'contact_attribute' ? 'ATTRIBUTES_MGMT.LIST.MODEL_CONTACT' : 'ATTRIBUTES_MGMT.LIST.MODEL_CONVERSATION');
  const rows = list.data ?? [];
  const panelId = 'custom-attributes-panel';

  return (
    <SettingsPage
      title={t('ATTRIBUTES_MGMT.HEADER')}
      description={t('ATTRIBUTES_MGMT.DESCRIPTION')}
      actions={
        <Button variant="primary" onClick={() => setDialog({ definition: null })}>
          {t('ATTRIBUTES_MGMT.HEADER_BTN_TXT')}
        </Button>
      }
    >
      <div className="attribute-tabs" role="tablist" aria-label={t('ATTRIBUTES_MGMT.TABS.LABEL')}>
        {ATTRIBUTE_MODELS.map((option, index) => (
          <button
            key={option}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`attribute-tab-${tabOf(option)}`}
            className="attribute-tabs__tab"
            aria-selected={option === model}
            aria-controls={panelId}
            tabIndex={option === model ? 0 : -1}
            onClick={() => selectTab(option)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {modelLabel(option)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`attribute-tab-${tabOf(model)}`}>
        <SettingsQueryState
          query={list}
          isEmpty={rows.length === 0}
          empty={
            <SettingsEmpty
              title={t(model === 'contact_attribute' ? 'ATTRIBUTES_MGMT.LIST.EMPTY_CONTACT' : 'ATTRIBUTES_MGMT.LIST.EMPTY_CONVERSATION')}
              description={t('ATTRIBUTES_MGMT.LIST.EMPTY_DESCRIPTION', { model: modelWord })}
            />
          }
        >
          <div className="settings-table-wrap">
            <table className="settings-table attributes-table">
              <thead>
                <tr>
                  <th scope="col">{t('ATTRIBUTES_MGMT.LIST.TABLE_HEADER.NAME')}</th>
                  <th scope="col">{t('ATTRIBUTES_MGMT.LIST.TABLE_HEADER.DESCRIPTION')}</th>
                  <th scope="col">{t('ATTRIBUTES_MGMT.LIST.TABLE_HEADER.TYPE')}</th>
                  <th scope="col">{t('ATTRIBUTES_MGMT.LIST.TABLE_HEADER.KEY')}</th>
                  <th scope="col" className="settings-table__actions" aria-label={t('ATTRIBUTES_MGMT.LIST.TABLE_HEADER.ACTIONS')} />
                </tr>
              </thead>
              <tbody>
                {rows.map((definition) => (
                  <tr key={definition.id}>
                    <th scope="row" className="attributes-table__name">
                      {definition.attribute_display_name}
                    </th>
                    <td className={definition.attribute_description ? undefined : 'muted'}>{definition.attribute_description || '—'}</td>
                    <td>
                      <span className="attribute-type">{typeLabel(definition.attribute_display_type)}</span>
                      {definition.attribute_display_type === 'list' ? (
                        <span className="attributes-table__extra muted">{t('ATTRIBUTES_MGMT.LIST.VALUES', { count: definition.attribute_values.length })}</span>
                      ) : null}
                      {definition.regex_pattern ? (
                        <span className="attributes-table__extra muted">
                          {t('ATTRIBUTES_MGMT.LIST.PATTERN')} <code>{definition.regex_pattern}</code>
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <code className="attributes-table__key">{definition.attribute_key}</code>
                    </td>
                    <td className="settings-table__actions">
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={t('ATTRIBUTES_MGMT.EDIT_ARIA', { name: definition.attribute_display_name })}
                        onClick={() => setDialog({ definition })}
                      >
                        {t('ATTRIBUTES_MGMT.EDIT_BUTTON')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        className="button--danger-text"
                        aria-label={t('ATTRIBUTES_MGMT.DELETE_ARIA', { name: definition.attribute_display_name })}
                        onClick={() => setDeleting(definition)}
                      >
                        {t('ATTRIBUTES_MGMT.DELETE_BUTTON')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </SettingsQueryState>
      </div>
      {dialog ? <AttributeDialog accountId={account.id} definition={dialog.definition} model={model} onClose={() => setDialog(null)} /> : null}
      <TypedConfirmDialog
        show={deleting !== null}
        title={t('ATTRIBUTES_MGMT.DELETE.CONFIRM.TITLE', { name: deleting?.attribute_display_name ?? '' })}
        description={t('ATTRIBUTES_MGMT.DELETE.CONFIRM.MESSAGE', { model: modelWord })}
        expected={deleting?.attribute_display_name ?? ''}
        label={t('ATTRIBUTES_MGMT.DELETE.CONFIRM.PLACE_HOLDER', { name: deleting?.attribute_display_name ?? '' })}
        confirmLabel={t('ATTRIBUTES_MGMT.DELETE.CONFIRM.YES')}
        cancelLabel={t('ATTRIBUTES_MGMT.DELETE.CONFIRM.NO')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </SettingsPage>
  );
}
