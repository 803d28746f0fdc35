import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { CodeSnippet } from '../../../components/code-snippet.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useInboxSave } from '../hooks/use-inbox-save.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { validateEmail, validateWebhookUrl, type FieldErrors } from '../utils/inbox-validation.ts';
import { ConfigValue } from './config-value.tsx';
import { CredentialsCard } from './credentials-card.tsx';

type CardProps = { accountId: number; inbox: Inbox };

/** The configuration tab: how the channel is wired, by channel type. */
export function ConfigurationPanel({ accountId, inbox }: CardProps) {
  switch (inbox.channel_type) {
    case 'Channel::WebWidget':
      return (
        <>
          <SettingsCard title={t('INBOX_MGMT.CONFIGURATION.WIDGET.TITLE')} description={t('INBOX_MGMT.CONFIGURATION.WIDGET.DESCRIPTION')}>
            <CodeSnippet code={inbox.web_widget_script ?? ''} language="html" label={t('INBOX_MGMT.CONFIGURATION.WIDGET.TITLE')} />
            <ConfigValue label={t('INBOX_MGMT.CONFIGURATION.WEBSITE_TOKEN')} value={inbox.website_token ?? ''} />
          </SettingsCard>
          <IdentityCard accountId={accountId} inbox={inbox} />
        </>
      );
    case 'Channel::Api':
      return (
        <>
          <ApiChannelCard accountId={accountId} inbox={inbox} />
          <IdentityCard accountId={accountId} inbox={inbox} />
        </>
      );
    case 'Channel::Email':
      return <EmailCard accountId={accountId} inbox={inbox} />;
    default:
      return <CredentialsCard accountId={accountId} inbox={inbox} />;
  }
}

/** HMAC identity validation of website and API inboxes: the token, and whether it is required. */
function IdentityCard({ accountId, inbox }: CardProps) {
  const [mandatory, setMandatory] = useState(inbox.hmac_mandatory === true);
  useReportUnsaved(mandatory !== (inbox.hmac_mandatory === true));
  const { save, saving } = useInboxSave(accountId, inbox.id, {}, t('INBOX_MGMT.CONFIGURATION.SUCCESS'));
  return (
    <SettingsCard
      title={t('INBOX_MGMT.CONFIGURATION.IDENTITY.TITLE')}
      description={t('INBOX_MGMT.CONFIGURATION.IDENTITY.DESCRIPTION')}
      onSubmit={() => save({ channel: { hmac_mandatory: mandatory } }, (next) => setMandatory(next.hmac_mandatory === true))}
      saving={saving}
      pristine={mandatory === (inbox.hmac_mandatory === true)}
    >
      {inbox.hmac_token !== undefined ? <ConfigValue label={t('INBOX_MGMT.CONFIGURATION.HMAC_TOKEN')} value={inbox.hmac_token} /> : null}
      <Toggle label={t('INBOX_MGMT.CONFIGURATION.HMAC_MANDATORY')} description={t('INBOX_MGMT.CONFIGURATION.HMAC_MANDATORY_HINT')} checked={mandatory} onChange={setMandatory} />
    </SettingsCard>
  );
}

const WEBHOOK_LABELS: Record<string, MessageKey> = { 'channel.webhook_url': 'INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL.LABEL' };

/** The API channel: its identifier (and webhook secret) to copy, and the webhook URL (optional; http or https). */
function ApiChannelCard({ accountId, inbox }: CardProps) {
  const [url, setUrl] = useState(inbox.webhook_url ?? '');
  useReportUnsaved(url.trim() !== (inbox.webhook_url ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useInboxSave(accountId, inbox.id, WEBHOOK_LABELS, t('INBOX_MGMT.CONFIGURATION.SUCCESS'));
  const submit = () => {
    const found = validateWebhookUrl(url);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save({ channel: { webhook_url: url.trim() || null } }, (next) => setUrl(next.webhook_url ?? ''));
  };
  return (
    <SettingsCard
      title={t('INBOX_MGMT.CONFIGURATION.API.TITLE')}
      description={t('INBOX_MGMT.CONFIGURATION.API.DESCRIPTION')}
      onSubmit={submit}
      saving={saving}
      pristine={url.trim() === (inbox.webhook_url ?? '')}
    >
      <ConfigValue label={t('INBOX_MGMT.CONFIGURATION.INBOX_IDENTIFIER')} value={inbox.inbox_identifier ?? ''} />
      {inbox.secret ? <ConfigValue label={t('INBOX_MGMT.CONFIGURATION.SECRET')} value={inbox.secret} /> : null}
      <FormField
        label={t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL.LABEL')}
        name="webhook_url"
        type="url"
        maxLength={2048}
        placeholder={t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL.PLACEHOLDER')}
        hint={t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL.HINT')}
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setErrors({});
          clearServerError('channel.webhook_url');
        }}
        onBlur={() => setErrors(validateWebhookUrl(url))}
        error={errors['channel.webhook_url'] ?? serverErrors['channel.webhook_url']}
      />
    </SettingsCard>
  );
}

const EMAIL_LABELS: Record<string, MessageKey> = { 'channel.email': 'INBOX_MGMT.ADD.EMAIL_CHANNEL.EMAIL.LABEL' };

/** The email channel's address (required, a valid address; unique per account, checked by the server). */
function EmailCard({ accountId, inbox }: CardProps) {
  const [email, setEmail] = useState(inbox.email ?? '');
  useReportUnsaved(email.trim() !== (inbox.email ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useInboxSave(accountId, inbox.id, EMAIL_LABELS, t('INBOX_MGMT.CONFIGURATION.SUCCESS'));
  const submit = () => {
    const found = validateEmail(email);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save({ channel: { email: email.trim() } }, (next) => setEmail(next.email ?? ''));
  };
  return (
    <SettingsCard
      title={t('INBOX_MGMT.CONFIGURATION.EMAIL.TITLE')}
      description={t('INBOX_MGMT.CONFIGURATION.EMAIL.DESCRIPTION')}
      onSubmit={submit}
      saving={saving}
      pristine={email.trim() === (inbox.email ?? '')}
    >
      <FormField
        label={t('INBOX_MGMT.ADD.EMAIL_CHANNEL.EMAIL.LABEL')}
        name="email"
        type="email"
        maxLength={255}
        placeholder={t('INBOX_MGMT.ADD.EMAIL_CHANNEL.EMAIL.PLACEHOLDER')}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors({});
          clearServerError('channel.email');
        }}
        onBlur={() => setErrors(validateEmail(email))}
        error={errors['channel.email'] ?? serverErrors['channel.email']}
      />
    </SettingsCard>
  );
}
