import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@app/shared/webhooks';
import { WEBHOOK_DELIVERIES_PER_PAGE } from '@app/shared/webhooks';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useRedeliver, useWebhookDeliveries } from '../api.ts';
import { formatTime, prettyJson } from '../utils/format.ts';

type DeliveryLogProps = { accountId: number; webhook: Webhook; onClose: () => void };

function DeliveryItem({ delivery, onRedeliver, redelivering }: { delivery: WebhookDelivery; onRedeliver: () => void; redelivering: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = `delivery-${delivery.id}-details`;
  const response = delivery.last_status_code ? String(delivery.last_status_code) : delivery.last_error ? delivery.last_error : t('INTEGRATION_SETTINGS.WEBHOOK.LOG.NO_RESPONSE');
  return (
    <li className="delivery" aria-label={`${delivery.event} ${delivery.id}`}>
      <div className="delivery__row">
        <div className="cell-main">
          <span className="delivery__event">{delivery.event}</span>
        </div>
        <div className="delivery__actions">
          <Button size="small" variant="ghost" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
            {t(open ? 'INTEGRATION_SETTINGS.WEBHOOK.LOG.HIDE_PAYLOAD' : 'INTEGRATION_SETTINGS.WEBHOOK.LOG.SHOW_PAYLOAD')}
          </Button>
          <Button size="small" onClick={onRedeliver} loading={redelivering} disabled={delivery.status === 'pending'}>
            {t('INTEGRATION_SETTINGS.WEBHOOK.LOG.REDELIVER')}
          </Button>
        </div>
        <div className="delivery__meta">
          <span className={`delivery-status delivery-status--${delivery.status}`}>{t(`INTEGRATION_SETTINGS.WEBHOOK.LOG.STATUS_${delivery.status}` as MessageKey)}</span>
          <span>
            {t('INTEGRATION_SETTINGS.WEBHOOK.LOG.RESPONSE')}: <strong>{response}</strong>
          </span>
          <span>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.ATTEMPTS', { count: delivery.attempts })}</span>
          <time dateTime={delivery.delivered_at ?? delivery.created_at}>{formatTime(delivery.delivered_at ?? delivery.created_at)}</time>
          {delivery.next_attempt_at ? <span>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.NEXT_ATTEMPT', { time: formatTime(delivery.next_attempt_at) })}</span> : null}
        </div>
      </div>
      {open ? (
        <div className="delivery__details" id={detailsId}>
          {delivery.attempt_log.length > 0 ? (
            <>
              <h3>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.ATTEMPT_LOG')}</h3>
              <ol className="delivery__attempts">
                {delivery.attempt_log.map((a) => (
                  <li key={`${a.attempt}-${a.at}`}>
                    {t('INTEGRATION_SETTINGS.WEBHOOK.LOG.ATTEMPT_LINE', {
                      attempt: a.attempt,
                      time: formatTime(a.at),
                      result: a.status_code ? String(a.status_code) : (a.error ?? t('INTEGRATION_SETTINGS.WEBHOOK.LOG.NO_RESPONSE')),
                      duration: a.duration_ms,
                    })}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          <h3>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.PAYLOAD')}</h3>
          <pre tabIndex={0}>{prettyJson(delivery.payload)}</pre>
        </div>
      ) : null}
    </li>
  );
}

/** A webhook's deliveries, newest first, in a sheet: status, response code, time, payload, and redeliver. */
export function DeliveryLog({ accountId, webhook, onClose }: DeliveryLogProps) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(accountId, webhook.id, page);
  const redeliver = useRedeliver(accountId, webhook.id);
  const toast = useToast();
  const pages = Math.max(1, Math.ceil((deliveries.data?.meta.count ?? 0) / WEBHOOK_DELIVERIES_PER_PAGE));

  const again = (id: number) =>
    redeliver.mutate(id, {
      onSuccess: () => toast(t('INTEGRATION_SETTINGS.WEBHOOK.LOG.REDELIVERED'), 'success'),
      onError: () => toast(t('INTEGRATION_SETTINGS.WEBHOOK.LOG.REDELIVER_ERROR'), 'error'),
    });

  let body;
  if (deliveries.isPending) body = <PageStatus kind="loading" message={t('SETTINGS.LOADING')} />;
  else if (deliveries.isError)
    body = <PageStatus kind="error" message={t('INTEGRATION_SETTINGS.WEBHOOK.LOG.ERROR')} action={<Button onClick={() => void deliveries.refetch()}>{t('SETTINGS.RETRY')}</Button>} />;
  else if (deliveries.data.payload.length === 0)
    body = (
      <div className="log-empty" role="status">
        <strong>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.EMPTY')}</strong>
        <span>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.EMPTY_DESCRIPTION')}</span>
      </div>
    );
  else
    body = (
      <>
        <ul className="delivery-log" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {deliveries.data.payload.map((d) => (
            <DeliveryItem key={d.id} delivery={d} onRedeliver={() => again(d.id)} redelivering={redeliver.isPending && redeliver.variables === d.id} />
          ))}
        </ul>
        {pages > 1 ? (
          <nav className="pager" aria-label={t('INTEGRATION_SETTINGS.WEBHOOK.LOG.TITLE')}>
            <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('INTEGRATION_SETTINGS.WEBHOOK.LOG.PREVIOUS')}
            </Button>
            <span>{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.PAGE', { page, pages })}</span>
            <Button size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('INTEGRATION_SETTINGS.WEBHOOK.LOG.NEXT')}
            </Button>
          </nav>
        ) : null}
      </>
    );

  return (
    <Modal show placement="right" title={t('INTEGRATION_SETTINGS.WEBHOOK.LOG.TITLE')} description={t('INTEGRATION_SETTINGS.WEBHOOK.LOG.DESCRIPTION', { url: webhook.url })} onClose={onClose}>
      <div className="delivery-log">{body}</div>
    </Modal>
  );
}
