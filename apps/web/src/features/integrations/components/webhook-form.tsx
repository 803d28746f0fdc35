import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@app/shared/webhooks';
import { Button } from '../../../components/button.tsx';
import { FieldMessages, FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useSaveWebhook } from '../api.ts';
import { serverErrors, validateWebhook, type WebhookErrors } from '../utils/validation.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type Inbox = { id: number; name: string };
type WebhookFormProps = { accountId: number; webhook: Webhook | null; inboxes: Inbox[]; onClose: () => void };

export const eventLabel = (event: string) => t(`INTEGRATION_SETTINGS.WEBHOOK.EVENTS.${event}` as MessageKey);

/** Add or edit a webhook: URL, optional name and inbox, and the events it receives (a checkbox each). */
export function WebhookForm({ accountId, webhook, inboxes, onClose }: WebhookFormProps) {
  const toast = useToast();
  const save = useSaveWebhook(accountId);
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [name, setName] = useState(webhook?.name ?? '');
  const [inboxId, setInboxId] = useState<number | null>(webhook?.inbox?.id ?? null);
  const [subscriptions, setSubscriptions] = useState<WebhookEvent[]>(
    webhook ? WEBHOOK_EVENTS.filter((e) => webhook.subscriptions.includes(e)) : ['conversation_created', 'message_created'],
  );
  const [errors, setErrors] = useState<WebhookErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inboxFieldId = useId();
  const eventsId = useId();

  const toggle = (event: WebhookEvent, on: boolean) =>
    setSubscriptions((list) => (on ? WEBHOOK_EVENTS.filter((e) => e === event || list.includes(e)) : list.filter((e) => e !== event)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateWebhook({ url, name, subscriptions, inboxId });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(() => document.querySelector('.modal'));
      return;
    }
    save.mutate(
      { id: webhook?.id ?? null, input: { url: url.trim(), name: name.trim() || null, subscriptions, inbox_id: inboxId } },
      {
        onSuccess: () => {
          toast(t(webhook ? 'INTEGRATION_SETTINGS.WEBHOOK.UPDATED' : 'INTEGRATION_SETTINGS.WEBHOOK.CREATED'), 'success');
          onClose();
        },
        onError: (error) => {
          const placed = serverErrors(error, {
            url: { key: 'url', label: t('INTEGRATION_SETTINGS.WEBHOOK.FORM.URL') },
            subscriptions: { key: 'subscriptions', label: t('INTEGRATION_SETTINGS.WEBHOOK.FORM.EVENTS') },
            inbox_id: { key: 'inbox_id', label: t('INTEGRATION_SETTINGS.WEBHOOK.FORM.INBOX') },
            name: { key: 'name', label: t('INTEGRATION_SETTINGS.WEBHOOK.FORM.NAME') },
          });
          setErrors(placed.fields);
          setFailure(placed.message ?? (Object.keys(placed.fields).length ? null : t('INTEGRATION_SETTINGS.WEBHOOK.SAVE_ERROR')));
        },
      },
    );
  };

  const all = subscriptions.length === WEBHOOK_EVENTS.length;
  return (
    <Modal
      show
      title={t(webhook ? 'INTEGRATION_SETTINGS.WEBHOOK.FORM.EDIT_TITLE' : 'INTEGRATION_SETTINGS.WEBHOOK.FORM.ADD_TITLE')}
      description={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.DESCRIPTION')}
      onClose={onClose}
    >
      <form className="form-stack" onSubmit={submit} noValidate aria-label={t(webhook ? 'INTEGRATION_SETTINGS.WEBHOOK.FORM.EDIT_TITLE' : 'INTEGRATION_SETTINGS.WEBHOOK.FORM.ADD_TITLE')}>
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        <FormField
          label={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.URL')}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.URL_PLACEHOLDER')}
          error={errors.url}
          maxLength={2100}
          data-autofocus
        />
        <FormField
          label={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.NAME')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.NAME_PLACEHOLDER')}
          hint={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.NAME_HINT')}
          error={errors.name}
          maxLength={255}
        />
        <div className={`field${errors.inbox_id ? ' field--error' : ''}`}>
          <label htmlFor={inboxFieldId}>{t('INTEGRATION_SETTINGS.WEBHOOK.FORM.INBOX')}</label>
          <select
            id={inboxFieldId}
            value={inboxId ?? ''}
            onChange={(e) => setInboxId(e.target.value ? Number(e.target.value) : null)}
            aria-describedby={`${inboxFieldId}-hint`}
            aria-invalid={errors.inbox_id ? true : undefined}
          >
            <option value="">{t('INTEGRATION_SETTINGS.WEBHOOK.ALL_INBOXES')}</option>
            {inboxes.map((inbox) => (
              <option key={inbox.id} value={inbox.id}>
                {inbox.name}
              </option>
            ))}
          </select>
          <FieldMessages id={inboxFieldId} hint={t('INTEGRATION_SETTINGS.WEBHOOK.FORM.INBOX_HINT')} error={errors.inbox_id} />
        </div>
        <fieldset className="checkbox-grid" aria-describedby={errors.subscriptions ? `${eventsId}-error` : undefined} aria-invalid={errors.subscriptions ? true : undefined}>
          <legend>
            {t('INTEGRATION_SETTINGS.WEBHOOK.FORM.EVENTS')}
            <label className="checkbox">
              <input type="checkbox" checked={all} onChange={(e) => setSubscriptions(e.target.checked ? [...WEBHOOK_EVENTS] : [])} />
              {t('INTEGRATION_SETTINGS.WEBHOOK.FORM.SELECT_ALL')}
            </label>
          </legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="checkbox">
              <input type="checkbox" name="subscriptions" value={event} checked={subscriptions.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
              {eventLabel(event)}
            </label>
          ))}
        </fieldset>
        {errors.subscriptions ? (
          <p className="field__error" id={`${eventsId}-error`} role="alert">
            {errors.subscriptions}
          </p>
        ) : null}
        <div className="modal__actions">
          <Button onClick={onClose}>{t('INTEGRATION_SETTINGS.WEBHOOK.FORM.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t(webhook ? 'INTEGRATION_SETTINGS.WEBHOOK.FORM.SAVE' : 'INTEGRATION_SETTINGS.WEBHOOK.FORM.CREATE')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
