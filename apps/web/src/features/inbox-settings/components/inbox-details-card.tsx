import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { SENDER_NAME_TYPES } from '@app/shared/constants';
import { ColourPicker } from '../../../components/colour-picker.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import type { InboxChanges } from '../api.ts';
import { useInboxSave } from '../hooks/use-inbox-save.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { validateDetails, type FieldErrors } from '../utils/inbox-validation.ts';
import { InboxAvatarField } from './inbox-avatar-field.tsx';

/** 001 section 9: the greeting textarea has 8 rows. */
export const GREETING_ROWS = 8;

const LABELS: Record<string, MessageKey> = {
  name: 'INBOX_MGMT.ADD.NAME.LABEL',
  greeting_message: 'INBOX_MGMT.ADD.GREETING.MESSAGE_LABEL',
  business_name: 'INBOX_MGMT.EDIT.BUSINESS_NAME.LABEL',
  'channel.website_url': 'INBOX_MGMT.ADD.WEBSITE_DOMAIN.LABEL',
  'channel.widget_color': 'INBOX_MGMT.ADD.WIDGET_COLOR.LABEL',
  'channel.welcome_title': 'INBOX_MGMT.ADD.WELCOME_TITLE.LABEL',
  'channel.welcome_tagline': 'INBOX_MGMT.ADD.WELCOME_TAGLINE.LABEL',
};

type Form = {
  name: string;
  greeting_enabled: boolean;
  greeting_message: string;
  website_url: string;
  widget_color: string;
  welcome_title: string;
  welcome_tagline: string;
  sender_name_type: Inbox['sender_name_type'];
  business_name: string;
};

const formOf = (inbox: Inbox): Form => ({
  name: inbox.name,
  greeting_enabled: inbox.greeting_enabled,
  greeting_message: inbox.greeting_message ?? '',
  website_url: inbox.website_url ?? '',
  widget_color: inbox.widget_color ?? '',
  welcome_title: inbox.welcome_title ?? '',
  welcome_tagline: inbox.welcome_tagline ?? '',
  sender_name_type: inbox.sender_name_type,
  business_name: inbox.business_name ?? '',
});

/** Picture, name and greeting of every inbox; the widget's domain, colour and texts for a website; the sender name for email. */
export function InboxDetailsCard({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  const isWebsite = inbox.channel_type === 'Channel::WebWidget';
  const isEmail = inbox.channel_type === 'Channel::Email';
  const [form, setForm] = useState<Form>(() => formOf(inbox));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useInboxSave(accountId, inbox.id, LABELS, t('INBOX_MGMT.EDIT.API.SUCCESS_MESSAGE'));
  const saved = formOf(inbox);
  const pristine = (Object.keys(form) as (keyof Form)[]).every((key) => form[key] === saved[key]);
  useReportUnsaved(!pristine);

  const set = <K extends keyof Form>(key: K, value: Form[K], errorKey: string = key) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [errorKey]: undefined }));
    clearServerError(errorKey);
  };
  const errorOf = (key: string) => errors[key] ?? serverErrors[key];

  const submit = () => {
    const found = validateDetails({
      name: form.name,
      website_url: isWebsite ? form.website_url : undefined,
      widget_color: isWebsite ? form.widget_color : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes: InboxChanges = {
      name: form.name.trim(),
      greeting_enabled: form.greeting_enabled,
      greeting_message: form.greeting_message.trim() || null,
    };
    if (isWebsite) {
      changes.channel = {
        website_url: form.website_url.trim(),
        widget_color: form.widget_color.trim(),
        welcome_title: form.welcome_title.trim() || null,
        welcome_tagline: form.welcome_tagline.trim() || null,
      };
    }
    if (isEmail) {
      changes.sender_name_type = form.sender_name_type;
      changes.business_name = form.business_name.trim() || null;
    }
    save(changes, (next) => setForm(formOf(next)));
  };

  return (
    <SettingsCard title={t('INBOX_MGMT.EDIT.DETAILS.TITLE')} description={t('INBOX_MGMT.EDIT.DETAILS.DESCRIPTION')} onSubmit={submit} saving={saving} pristine={pristine}>
      <InboxAvatarField accountId={accountId} inbox={inbox} />
      <FormField
        label={t('INBOX_MGMT.ADD.NAME.LABEL')}
        name="name"
        maxLength={255}
        placeholder={t('INBOX_MGMT.ADD.NAME.PLACEHOLDER')}
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        onBlur={() => setErrors((current) => ({ ...current, name: validateDetails({ name: form.name }).name }))}
        error={errorOf('name')}
      />
      {isWebsite ? (
        <>
          <div className="settings-card__row">
            <FormField
              label={t('INBOX_MGMT.ADD.WEBSITE_DOMAIN.LABEL')}
              name="website_url"
              maxLength={2048}
              placeholder={t('INBOX_MGMT.ADD.WEBSITE_DOMAIN.PLACEHOLDER')}
              value={form.website_url}
              onChange={(e) => set('website_url', e.target.value, 'channel.website_url')}
              error={errorOf('channel.website_url')}
            />
            <div className="field">
              <ColourPicker label={t('INBOX_MGMT.ADD.WIDGET_COLOR.LABEL')} value={form.widget_color} onChange={(hex) => set('widget_color', hex, 'channel.widget_color')} />
              {errorOf('channel.widget_color') ? <p className="field__error">{errorOf('channel.widget_color')}</p> : null}
            </div>
          </div>
          <div className="settings-card__row">
            <FormField
              label={t('INBOX_MGMT.ADD.WELCOME_TITLE.LABEL')}
              name="welcome_title"
              maxLength={255}
              placeholder={t('INBOX_MGMT.ADD.WELCOME_TITLE.PLACEHOLDER')}
              value={form.welcome_title}
              onChange={(e) => set('welcome_title', e.target.value, 'channel.welcome_title')}
              error={errorOf('channel.welcome_title')}
            />
            <FormField
              label={t('INBOX_MGMT.ADD.WELCOME_TAGLINE.LABEL')}
              name="welcome_tagline"
              maxLength={255}
              placeholder={t('INBOX_MGMT.ADD.WELCOME_TAGLINE.PLACEHOLDER')}
              value={form.welcome_tagline}
              onChange={(e) => set('welcome_tagline', e.target.value, 'channel.welcome_tagline')}
              error={errorOf('channel.welcome_tagline')}
            />
          </div>
        </>
      ) : null}
      {isEmail ? (
        <div className="settings-card__row">
          <div className="field">
            <label htmlFor={`sender-name-type-${inbox.id}`}>{t('INBOX_MGMT.EDIT.SENDER_NAME_TYPE.LABEL')}</label>
            <select
              id={`sender-name-type-${inbox.id}`}
              aria-describedby={`sender-name-type-${inbox.id}-hint`}
              value={form.sender_name_type}
              onChange={(e) => set('sender_name_type', e.target.value as Form['sender_name_type'])}
            >
              {SENDER_NAME_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(type === 'friendly' ? 'INBOX_MGMT.EDIT.SENDER_NAME_TYPE.FRIENDLY' : 'INBOX_MGMT.EDIT.SENDER_NAME_TYPE.PROFESSIONAL')}
                </option>
              ))}
            </select>
            <p className="field__hint" id={`sender-name-type-${inbox.id}-hint`}>
              {t(form.sender_name_type === 'friendly' ? 'INBOX_MGMT.EDIT.SENDER_NAME_TYPE.FRIENDLY_HINT' : 'INBOX_MGMT.EDIT.SENDER_NAME_TYPE.PROFESSIONAL_HINT')}
            </p>
          </div>
          <FormField
            label={t('INBOX_MGMT.EDIT.BUSINESS_NAME.LABEL')}
            name="business_name"
            maxLength={255}
            placeholder={t('INBOX_MGMT.EDIT.BUSINESS_NAME.PLACEHOLDER')}
            hint={t('INBOX_MGMT.EDIT.BUSINESS_NAME.HINT')}
            value={form.business_name}
            onChange={(e) => set('business_name', e.target.value)}
            error={errorOf('business_name')}
          />
        </div>
      ) : null}
      <Toggle
        label={t('INBOX_MGMT.ADD.GREETING.TOGGLE_LABEL')}
        description={t('INBOX_MGMT.ADD.GREETING.TOGGLE_HINT')}
        checked={form.greeting_enabled}
        onChange={(on) => set('greeting_enabled', on)}
      />
      {form.greeting_enabled ? (
        <TextareaField
          label={t('INBOX_MGMT.ADD.GREETING.MESSAGE_LABEL')}
          name="greeting_message"
          rows={GREETING_ROWS}
          maxLength={10_000}
          placeholder={t('INBOX_MGMT.ADD.GREETING.MESSAGE_PLACEHOLDER')}
          value={form.greeting_message}
          onChange={(e) => set('greeting_message', e.target.value)}
          error={errorOf('greeting_message')}
        />
      ) : null}
    </SettingsCard>
  );
}
