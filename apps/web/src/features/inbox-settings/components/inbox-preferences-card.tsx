import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useInboxSave } from '../hooks/use-inbox-save.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';

type Preference = 'enable_email_collect' | 'csat_survey_enabled' | 'allow_messages_after_resolved' | 'lock_to_single_conversation';

const PREFERENCES: { key: Preference; label: MessageKey; hint: MessageKey; websiteOnly?: boolean; notWebsite?: boolean }[] = [
  { key: 'enable_email_collect', label: 'INBOX_MGMT.EDIT.EMAIL_COLLECT.LABEL', hint: 'INBOX_MGMT.EDIT.EMAIL_COLLECT.HINT', websiteOnly: true },
  { key: 'allow_messages_after_resolved', label: 'INBOX_MGMT.EDIT.ALLOW_AFTER_RESOLVED.LABEL', hint: 'INBOX_MGMT.EDIT.ALLOW_AFTER_RESOLVED.HINT', websiteOnly: true },
  { key: 'csat_survey_enabled', label: 'INBOX_MGMT.EDIT.CSAT.LABEL', hint: 'INBOX_MGMT.EDIT.CSAT.HINT' },
  { key: 'lock_to_single_conversation', label: 'INBOX_MGMT.EDIT.LOCK_TO_SINGLE.LABEL', hint: 'INBOX_MGMT.EDIT.LOCK_TO_SINGLE.HINT', notWebsite: true },
];

const valuesOf = (inbox: Inbox) => ({
  enable_email_collect: inbox.enable_email_collect,
  csat_survey_enabled: inbox.csat_survey_enabled,
  allow_messages_after_resolved: inbox.allow_messages_after_resolved,
  lock_to_single_conversation: inbox.lock_to_single_conversation,
});

/** How conversations of the inbox behave: email collection and messages after resolution (website), CSAT, one conversation per contact. */
export function InboxPreferencesCard({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  const isWebsite = inbox.channel_type === 'Channel::WebWidget';
  const shown = PREFERENCES.filter((p) => (p.websiteOnly ? isWebsite : p.notWebsite ? !isWebsite : true));
  const [values, setValues] = useState(() => valuesOf(inbox));
  const { save, saving } = useInboxSave(accountId, inbox.id, {}, t('INBOX_MGMT.EDIT.API.SUCCESS_MESSAGE'));
  const saved = valuesOf(inbox);
  const pristine = shown.every((p) => values[p.key] === saved[p.key]);
  useReportUnsaved(!pristine);

  const submit = () => {
    save(Object.fromEntries(shown.map((p) => [p.key, values[p.key]])), (next) => setValues(valuesOf(next)));
  };

  return (
    <SettingsCard title={t('INBOX_MGMT.EDIT.PREFERENCES.TITLE')} description={t('INBOX_MGMT.EDIT.PREFERENCES.DESCRIPTION')} onSubmit={submit} saving={saving} pristine={pristine}>
      {shown.map((p) => (
        <Toggle key={p.key} label={t(p.label)} description={t(p.hint)} checked={values[p.key]} onChange={(on) => setValues((current) => ({ ...current, [p.key]: on }))} />
      ))}
    </SettingsCard>
  );
}
