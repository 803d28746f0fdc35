import { useState, type FormEvent } from 'react';
import type { DashboardApp } from '@app/shared/dashboard-apps';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSaveDashboardApp } from '../api.ts';
import { serverErrors, validateDashboardApp, type DashboardAppErrors } from '../utils/validation.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type DashboardAppFormProps = { accountId: number; app: DashboardApp | null; onClose: () => void };

/** Add or edit a dashboard app: its name and the page the tab loads. */
export function DashboardAppForm({ accountId, app, onClose }: DashboardAppFormProps) {
  const toast = useToast();
  const save = useSaveDashboardApp(accountId);
  const [title, setTitle] = useState(app?.title ?? '');
  const [url, setUrl] = useState(app?.content[0]?.url ?? '');
  const [errors, setErrors] = useState<DashboardAppErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const heading = t(app ? 'INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.EDIT_TITLE' : 'INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.ADD_TITLE');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDashboardApp({ title, url });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(() => document.querySelector('.modal'));
      return;
    }
    // Further frames of an app made through the API are kept; the form edits the first.
    const content = [{ type: 'frame' as const, url: url.trim() }, ...(app?.content.slice(1) ?? [])];
    save.mutate(
      { id: app?.id ?? null, input: { title: title.trim(), content } },
      {
        onSuccess: () => {
          toast(t(app ? 'INTEGRATION_SETTINGS.DASHBOARD_APPS.UPDATED' : 'INTEGRATION_SETTINGS.DASHBOARD_APPS.CREATED'), 'success');
          onClose();
        },
        // 001 section 8: a create error shows the server's message.
        onError: (error) => {
          const placed = serverErrors(error, {
            title: { key: 'title', label: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.TITLE') },
            content: { key: 'url', label: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.URL') },
          });
          setErrors(placed.fields);
          setFailure(placed.message ?? (Object.keys(placed.fields).length ? null : t('INTEGRATION_SETTINGS.DASHBOARD_APPS.SAVE_ERROR')));
        },
      },
    );
  };

  return (
    <Modal show title={heading} onClose={onClose}>
      <form className="form-stack" onSubmit={submit} noValidate aria-label={heading}>
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        <FormField
          label={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.TITLE')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.TITLE_PLACEHOLDER')}
          hint={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.TITLE_HINT')}
          error={errors.title}
          maxLength={255}
          data-autofocus
        />
        <FormField
          label={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.URL')}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.URL_PLACEHOLDER')}
          hint={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.URL_HINT')}
          error={errors.url}
          maxLength={2100}
        />
        <div className="modal__actions">
          <Button onClick={onClose}>{t('INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.CANCEL')}</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t(app ? 'INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.SAVE' : 'INTEGRATION_SETTINGS.DASHBOARD_APPS.FORM.CREATE')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
