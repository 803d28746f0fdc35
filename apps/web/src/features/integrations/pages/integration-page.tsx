import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { IntegrationApp } from '@app/shared/integrations';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FieldMessages, FormField } from '../../../components/form-field.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { Toggle } from '../../../components/toggle.tsx';
import { useCreateHook, useDeleteHook, useInboxes, useIntegrationApp, useUpdateHook } from '../api.ts';
import { serverErrors } from '../utils/validation.ts';
import '../integrations.css';

type Field = IntegrationApp['settings_form_schema'][number];

/** The app's settings fields: each required one filled, JSON ones a JSON object. */
export function validateSettings(fields: Field[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (!value) {
      if (field.required) errors[field.name] = t('INTEGRATION_SETTINGS.HOOK.REQUIRED', { label: field.label });
      continue;
    }
    if (field.json) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      } catch {
        errors[field.name] = t('INTEGRATION_SETTINGS.HOOK.JSON_ERROR', { label: field.label });
      }
    }
  }
  return errors;
}

function ConnectForm({ accountId, app }: { accountId: number; app: IntegrationApp }) {
  const create = useCreateHook(accountId);
  const inboxes = useInboxes(accountId);
  const toast = useToast();
  const [values, setValues] = useState<Record<string, string>>({});
  const [inboxId, setInboxId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inboxField = useId();
  const taken = new Set(app.hooks?.map((h) => h.inbox_id));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSettings(app.settings_form_schema, values);
    if (app.hook_type === 'inbox' && !inboxId) found.inbox_id = t('INTEGRATION_SETTINGS.HOOK.INBOX_ERROR');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { app_id: app.id, inbox_id: inboxId ? Number(inboxId) : null, settings: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) },
      {
        onSuccess: () => {
          toast(t('INTEGRATION_SETTINGS.HOOK.SUCCESS', { name: app.name }), 'success');
          setValues({});
          setInboxId('');
        },
        onError: (error) => {
          const labels = Object.fromEntries(app.settings_form_schema.map((f) => [`settings.${f.name}`, { key: f.name, label: f.label }]));
          const placed = serverErrors(error, { ...labels, inbox_id: { key: 'inbox_id', label: t('INTEGRATION_SETTINGS.HOOK.INBOX') } });
          setErrors(placed.fields);
          setFailure(placed.message ?? (Object.keys(placed.fields).length ? null : error instanceof ApiError ? error.message : t('INTEGRATION_SETTINGS.HOOK.ERROR')));
        },
      },
    );
  };

  const title = t('INTEGRATION_SETTINGS.HOOK.FORM_TITLE', { name: app.name });
  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-label={title}>
      <header className="settings-card__header">
        <h2>{title}</h2>
      </header>
      <div className="settings-card__body">
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        {app.hook_type === 'inbox' ? (
          <div className={`field${errors.inbox_id ? ' field--error' : ''}`}>
            <label htmlFor={inboxField}>{t('INTEGRATION_SETTINGS.HOOK.INBOX')}</label>
            <select id={inboxField} value={inboxId} onChange={(e) => setInboxId(e.target.value)} aria-invalid={errors.inbox_id ? true : undefined} aria-describedby={errors.inbox_id ? `${inboxField}-error` : undefined}>
              <option value="">{t('INTEGRATION_SETTINGS.HOOK.INBOX_PLACEHOLDER')}</option>
              {inboxes.data?.filter((inbox) => !taken.has(inbox.id)).map((inbox) => (
                <option key={inbox.id} value={inbox.id}>
                  {inbox.name}
                </option>
              ))}
            </select>
            <FieldMessages id={inboxField} error={errors.inbox_id} />
          </div>
        ) : null}
        {app.settings_form_schema.map((field) =>
          field.type === 'textarea' ? (
            <TextareaField
              key={field.name}
              label={field.label}
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={errors[field.name]}
              rows={6}
              spellCheck={false}
            />
          ) : (
            <FormField
              key={field.name}
              label={field.label}
              type={field.type === 'password' ? 'password' : 'text'}
              autoComplete="off"
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={errors[field.name]}
            />
          ),
        )}
      </div>
      <footer className="settings-card__footer">
        <p className="settings-card__hint" />
        <Button type="submit" variant="primary" size="small" loading={create.isPending}>
          {t('INTEGRATION_SETTINGS.HOOK.SAVE')}
        </Button>
      </footer>
    </form>
  );
}

/** Settings › Integrations › {app} (settings_applications_integration): an app connected with a settings form. */
export function IntegrationPage() {
  const { account } = useCurrentAccount();
  const { integrationId = '' } = useParams();
  const app = useIntegrationApp(account.id, integrationId);
  const remove = useDeleteHook(account.id);
  const update = useUpdateHook(account.id);
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const back = accountPath(account.id, 'settings/integrations');

  if (app.error instanceof ApiError && app.error.status === 404) {
    return (
      <SettingsPage title={t('INTEGRATION_SETTINGS.HEADER')} backTo={back}>
        <PageStatus kind="error" message={t('INTEGRATION_SETTINGS.NOT_FOUND')} />
      </SettingsPage>
    );
  }
  const data = app.data;
  const hooks = data?.hooks ?? [];

  const askRemove = async (hookId: number) => {
    if (!data) return;
    const yes = await confirm({
      title: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.TITLE', { name: data.name }),
      description: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.DESCRIPTION'),
      confirmLabel: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.YES'),
      cancelLabel: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.NO'),
      tone: 'danger',
    });
    if (!yes) return;
    remove.mutate(hookId, {
      onSuccess: () => toast(t('INTEGRATION_SETTINGS.DISCONNECTED', { name: data.name }), 'success'),
      onError: () => toast(t('INTEGRATION_SETTINGS.DISCONNECT_ERROR'), 'error'),
    });
  };

  return (
    <SettingsPage title={data?.name ?? t('INTEGRATION_SETTINGS.HEADER')} description={data?.description} backTo={back} width="narrow">
      <SettingsQueryState query={app}>
        {data ? (
          <>
            <p className="notice notice--info">{t('INTEGRATION_SETTINGS.STORED_ONLY')}</p>
            {hooks.length > 0 ? (
              <div className="settings-table-wrap">
                <table className="settings-table" aria-label={t('INTEGRATION_SETTINGS.HOOK.CONNECTIONS')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('INTEGRATION_SETTINGS.HOOK.CONNECTIONS')}</th>
                      <th scope="col">{t('INTEGRATION_SETTINGS.WEBHOOK.LOG.STATUS')}</th>
                      <th scope="col" className="settings-table__actions">
                        <span className="integrations-sr">{t('INTEGRATION_SETTINGS.WEBHOOK.LIST.ACTIONS')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {hooks.map((hook) => (
                      <tr key={hook.id}>
                        <td className="cell-main__title">{hook.inbox?.name ?? t('INTEGRATION_SETTINGS.HOOK.ACCOUNT_WIDE')}</td>
                        <td>
                          <Toggle
                            size="small"
                            checked={hook.status}
                            disabled={update.isPending}
                            hideLabel
                            label={t('INTEGRATION_SETTINGS.HOOK.ENABLED')}
                            onChange={(status) =>
                              update.mutate({ id: hook.id, status }, { onError: () => toast(t('INTEGRATION_SETTINGS.HOOK.STATUS_ERROR'), 'error') })
                            }
                          />
                        </td>
                        <td className="settings-table__actions">
                          <Button size="small" variant="danger" onClick={() => void askRemove(hook.id)}>
                            {t('INTEGRATION_SETTINGS.DISCONNECT')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {data.allow_multiple_hooks || hooks.length === 0 ? <ConnectForm key={hooks.length} accountId={account.id} app={data} /> : null}
          </>
        ) : null}
      </SettingsQueryState>
      {dialog}
    </SettingsPage>
  );
}
