import { lazy, Suspense } from 'react';
import { DEFAULT_WIDGET_COLOR } from '@app/shared/constants';
import { ColourPicker } from '../../../../components/colour-picker.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { Toggle } from '../../../../components/toggle.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useCreateInbox } from '../../api.ts';
import { useAfterCreate } from '../../hooks/use-after-create.ts';
import { useChannelForm } from '../../hooks/use-channel-form.ts';
import { readCreateError } from '../../utils/create-error.ts';
import { websiteCanSubmit, type WebsiteValues } from '../../utils/validation.ts';
import { WizardForm } from '../wizard-form.tsx';

// Tiptap comes with the greeting: the form itself stays light.
const GreetingEditor = lazy(() => import('../greeting-editor.tsx').then((module) => ({ default: module.GreetingEditor })));

const INITIAL: WebsiteValues = {
  name: '',
  website_url: '',
  widget_color: DEFAULT_WIDGET_COLOR,
  welcome_title: '',
  welcome_tagline: '',
  greeting_enabled: false,
  greeting_message: '',
};

/** Website inbox (001 sections 2, 3, 5): submit stays disabled until name and domain are filled; no other rule. */
export function WebsiteForm() {
  const { account } = useCurrentAccount();
  const create = useCreateInbox(account.id);
  const afterCreate = useAfterCreate();
  const form = useChannelForm(INITIAL);
  const { values } = form;
  const labels = {
    name: t('INBOX_MGMT.ADD.WEBSITE.NAME'),
    website_url: t('INBOX_MGMT.ADD.WEBSITE.DOMAIN'),
    widget_color: t('INBOX_MGMT.ADD.WEBSITE.COLOR'),
    welcome_title: t('INBOX_MGMT.ADD.WEBSITE.WELCOME_TITLE'),
    welcome_tagline: t('INBOX_MGMT.ADD.WEBSITE.WELCOME_TAGLINE'),
    greeting_message: t('INBOX_MGMT.ADD.WEBSITE.GREETING_MESSAGE'),
  };

  const send = (v: WebsiteValues) =>
    create.mutate(
      {
        name: v.name.trim(),
        greeting_enabled: v.greeting_enabled,
        greeting_message: v.greeting_enabled ? v.greeting_message : '',
        channel: { type: 'web_widget', website_url: v.website_url.trim(), widget_color: v.widget_color, welcome_title: v.welcome_title, welcome_tagline: v.welcome_tagline },
      },
      { onSuccess: afterCreate, onError: (error) => form.fail(readCreateError(error, 'website', labels)) },
    );

  const canSubmit = websiteCanSubmit(values);
  return (
    <WizardForm
      title={t('INBOX_MGMT.ADD.WEBSITE.TITLE')}
      description={t('INBOX_MGMT.ADD.WEBSITE.DESCRIPTION')}
      formRef={form.formRef}
      submitPressed={form.submitPressed}
      onSubmit={form.onSubmit(send)}
      alert={form.alert}
      submitting={create.isPending}
      submitDisabled={!canSubmit}
      hint={canSubmit ? undefined : t('INBOX_MGMT.ADD.WEBSITE.SUBMIT_HINT')}
    >
      <div className="wizard-form__row">
        <FormField label={labels.name} placeholder={t('INBOX_MGMT.ADD.WEBSITE.NAME_PLACEHOLDER')} {...form.text('name')} />
        <FormField label={labels.website_url} placeholder={t('INBOX_MGMT.ADD.WEBSITE.DOMAIN_PLACEHOLDER')} {...form.text('website_url')} />
      </div>
      <div className="field">
        <ColourPicker label={labels.widget_color} value={values.widget_color} onChange={(hex) => form.set('widget_color', hex)} />
        {form.errorOf('widget_color') ? <p className="field__error">{form.errorOf('widget_color')}</p> : null}
      </div>
      <div className="wizard-form__row">
        <FormField label={labels.welcome_title} placeholder={t('INBOX_MGMT.ADD.WEBSITE.WELCOME_TITLE_PLACEHOLDER')} {...form.text('welcome_title')} />
        <FormField label={labels.welcome_tagline} placeholder={t('INBOX_MGMT.ADD.WEBSITE.WELCOME_TAGLINE_PLACEHOLDER')} {...form.text('welcome_tagline')} />
      </div>
      <Toggle
        label={t('INBOX_MGMT.ADD.WEBSITE.GREETING')}
        description={t('INBOX_MGMT.ADD.WEBSITE.GREETING_DESCRIPTION')}
        checked={values.greeting_enabled}
        onChange={(on) => form.set('greeting_enabled', on)}
      />
      {values.greeting_enabled ? (
        <Suspense fallback={<Spinner />}>
          <GreetingEditor label={labels.greeting_message} placeholder={t('INBOX_MGMT.ADD.WEBSITE.GREETING_PLACEHOLDER')} onChange={(markdown) => form.set('greeting_message', markdown)} />
        </Suspense>
      ) : null}
    </WizardForm>
  );
}
