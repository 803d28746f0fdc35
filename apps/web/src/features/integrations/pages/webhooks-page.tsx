import { useState } from 'react';
import type { Webhook } from '@app/shared/webhooks';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useDeleteWebhook, useInboxes, useWebhooks } from '../api.ts';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { eventLabel, WebhookForm } from '../components/webhook-form.tsx';
import '../integrations.css';

// More events than this show as "+N more" (all of them in the tooltip).
const SHOWN_EVENTS = 3;

function Secret({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="secret">
      {t('INTEGRATION_SETTINGS.WEBHOOK.SECRET')}: <code className={shown ? 'secret__value' : undefined}>{shown ? value : '••••••••'}</code>
      <Button size="small" variant="link" onClick={() => setShown((v) => !v)}>
        {t(shown ? 'INTEGRATION_SETTINGS.WEBHOOK.SECRET_HIDE' : 'INTEGRATION_SETTINGS.WEBHOOK.SECRET_SHOW')}
      </Button>
    </span>
  );
}

/** Settings › Integrations › Webhooks (settings_integrations_webhook): the list, the form, delete, and each one's delivery log. */
export function WebhooksPage() {
  const { account } = useCurrentAccount();
  const webhooks = useWebhooks(account.id);
  const inboxes = useInboxes(account.id);
  const remove = useDeleteWebhook(account.id);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);

  const { askRemove: askDelete, dialog } = useConfirmedRemoval((webhook: Webhook) => ({
    title: t('INTEGRATION_SETTINGS.WEBHOOK.DELETE_CONFIRM.TITLE'),
    description: t('INTEGRATION_SETTINGS.WEBHOOK.DELETE_CONFIRM.DESCRIPTION', { url: webhook.url }),
    confirmLabel: t('INTEGRATION_SETTINGS.WEBHOOK.DELETE_CONFIRM.YES'),
    cancelLabel: t('INTEGRATION_SETTINGS.WEBHOOK.DELETE_CONFIRM.NO'),
    run: (callbacks) => remove.mutate(webhook.id, callbacks),
    success: t('INTEGRATION_SETTINGS.WEBHOOK.DELETED'),
    failure: () => t('INTEGRATION_SETTINGS.WEBHOOK.DELETE_ERROR'),
  }));

  const add = (
    <Button variant="primary" onClick={() => setEditing('new')}>
      {t('INTEGRATION_SETTINGS.WEBHOOK.ADD')}
    </Button>
  );
  const list = webhooks.data ?? [];
  return (
    <SettingsPage
      title={t('INTEGRATION_SETTINGS.WEBHOOK.HEADER')}
      description={t('INTEGRATION_SETTINGS.WEBHOOK.DESCRIPTION')}
      backTo={accountPath(account.id, 'settings/integrations')}
      actions={list.length > 0 ? add : undefined}
    >
      <SettingsQueryState
        query={webhooks}
        isEmpty={list.length === 0}
        empty={<SettingsEmpty title={t('INTEGRATION_SETTINGS.WEBHOOK.EMPTY')} description={t('INTEGRATION_SETTINGS.WEBHOOK.EMPTY_DESCRIPTION')} action={add} />}
      >
        <div className="settings-table-wrap">
          <table className="settings-table">
            <thead>
              <tr>
                <th scope="col">{t('INTEGRATION_SETTINGS.WEBHOOK.LIST.NAME')}</th>
                <th scope="col">{t('INTEGRATION_SETTINGS.WEBHOOK.LIST.EVENTS')}</th>
                <th scope="col">{t('INTEGRATION_SETTINGS.WEBHOOK.LIST.INBOX')}</th>
                <th scope="col" className="settings-table__actions">
                  {t('INTEGRATION_SETTINGS.WEBHOOK.LIST.ACTIONS')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((webhook) => (
                <tr key={webhook.id}>
                  <td>
                    <div className="cell-main">
                      <span className="cell-main__title">{webhook.name || webhook.url}</span>
                      {webhook.name ? <span className="cell-main__sub url-cell">{webhook.url}</span> : null}
                      <Secret value={webhook.secret} />
                    </div>
                  </td>
                  <td>
                    <div className="event-tags" title={webhook.subscriptions.map(eventLabel).join(', ')}>
                      {webhook.subscriptions.slice(0, SHOWN_EVENTS).map((event) => (
                        <span key={event} className="badge">
                          {eventLabel(event)}
                        </span>
                      ))}
                      {webhook.subscriptions.length > SHOWN_EVENTS ? (
                        <span className="badge">{t('INTEGRATION_SETTINGS.WEBHOOK.MORE_EVENTS', { count: webhook.subscriptions.length - SHOWN_EVENTS })}</span>
                      ) : null}
                    </div>
                  </td>
                  <td className="nowrap">{webhook.inbox?.name ?? t('INTEGRATION_SETTINGS.WEBHOOK.ALL_INBOXES')}</td>
                  <td className="settings-table__actions">
                    <Button size="small" onClick={() => setLogOf(webhook)} aria-label={`${t('INTEGRATION_SETTINGS.WEBHOOK.DELIVERIES')}: ${webhook.name || webhook.url}`}>
                      {t('INTEGRATION_SETTINGS.WEBHOOK.DELIVERIES')}
                    </Button>
                    <Button size="small" onClick={() => setEditing(webhook)} aria-label={`${t('INTEGRATION_SETTINGS.WEBHOOK.EDIT')}: ${webhook.name || webhook.url}`}>
                      {t('INTEGRATION_SETTINGS.WEBHOOK.EDIT')}
                    </Button>
                    <Button size="small" variant="danger" onClick={() => void askDelete(webhook)} aria-label={`${t('INTEGRATION_SETTINGS.WEBHOOK.DELETE')}: ${webhook.name || webhook.url}`}>
                      {t('INTEGRATION_SETTINGS.WEBHOOK.DELETE')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SettingsQueryState>
      {editing ? <WebhookForm accountId={account.id} webhook={editing === 'new' ? null : editing} inboxes={inboxes.data ?? []} onClose={() => setEditing(null)} /> : null}
      {logOf ? <DeliveryLog accountId={account.id} webhook={logOf} onClose={() => setLogOf(null)} /> : null}
      {dialog}
    </SettingsPage>
  );
}
