import { useState, type ReactNode } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import type { AgentBotInput } from '../api.ts';
import { agentBotBody, DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, validateAgentBot, type AgentBotDraft, type AgentBotField } from '../utils/agent-bot-form.ts';

type Messages = Partial<Record<AgentBotField, string>>;

type AgentBotFormProps = {
  title: string;
  description: string;
  initial: AgentBotDraft;
  submitLabel: string;
  saving: boolean;
  /** Sends the body; calls `failed` with the error when the server refuses it. */
  onSave: (input: AgentBotInput, failed: (error: unknown) => void) => void;
  /** Shown above the fields (the bot picture on the edit page). */
  children?: ReactNode;
};

const messagesOf = (draft: AgentBotDraft): Messages => {
  const found = validateAgentBot(draft);
  return {
    name: found.name && t(found.name, { max: NAME_MAX_LENGTH }),
    description: found.description && t(found.description, { max: DESCRIPTION_MAX_LENGTH }),
    outgoing_url: found.outgoing_url && t(found.outgoing_url),
  };
};

/** Name, description and webhook URL of a bot, checked on blur and on submit; the server's 422s go under their fields. */
export function AgentBotForm({ title, description, initial, submitLabel, saving, onSave, children }: AgentBotFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Messages>({});
  const toast = useToast();
  const pristine = JSON.stringify(agentBotBody(draft)) === JSON.stringify(agentBotBody(initial));

  const check = (field: AgentBotField, next = draft) => setErrors((current) => ({ ...current, [field]: messagesOf(next)[field] }));
  const change = (field: AgentBotField, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (errors[field]) check(field, next);
  };

  const submit = () => {
    const found = messagesOf(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSave(agentBotBody(draft), (error) => {
      const labels = { name: t('AGENT_BOTS.FORM.NAME.LABEL'), description: t('AGENT_BOTS.FORM.DESCRIPTION.LABEL'), outgoing_url: t('AGENT_BOTS.FORM.WEBHOOK.LABEL') };
      const read = readServerErrors(error, labels, t('AGENT_BOTS.API.ERROR'));
      setErrors(read.fields);
      if (read.message) toast(read.message, 'error');
    });
  };

  return (
    <SettingsCard title={title} description={description} onSubmit={submit} saving={saving} pristine={pristine} submitLabel={submitLabel}>
      {children}
      <FormField
        label={t('AGENT_BOTS.FORM.NAME.LABEL')}
        name="name"
        placeholder={t('AGENT_BOTS.FORM.NAME.PLACEHOLDER')}
        value={draft.name}
        onChange={(e) => change('name', e.target.value)}
        onBlur={() => check('name')}
        error={errors.name}
      />
      <TextareaField
        label={t('AGENT_BOTS.FORM.DESCRIPTION.LABEL')}
        name="description"
        rows={3}
        placeholder={t('AGENT_BOTS.FORM.DESCRIPTION.PLACEHOLDER')}
        value={draft.description}
        onChange={(e) => change('description', e.target.value)}
        onBlur={() => check('description')}
        error={errors.description}
      />
      <FormField
        label={t('AGENT_BOTS.FORM.WEBHOOK.LABEL')}
        name="outgoing_url"
        type="url"
        inputMode="url"
        placeholder={t('AGENT_BOTS.FORM.WEBHOOK.PLACEHOLDER')}
        hint={t('AGENT_BOTS.FORM.WEBHOOK.HINT')}
        value={draft.outgoing_url}
        onChange={(e) => change('outgoing_url', e.target.value)}
        onBlur={() => check('outgoing_url')}
        error={errors.outgoing_url}
      />
    </SettingsCard>
  );
}
