import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useBulkInviteAgents, useInviteAgent } from '../api.ts';
import {
  readServerError,
  roleBodyOf,
  validateEmail,
  validateEmailList,
  validateInvite,
  validateName,
  type AgentField,
  type FieldErrors,
  type RoleChoice,
} from '../utils/agent-form.ts';
import { RoleOptions } from './role-options.tsx';
import { SelectField } from './select-field.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type Mode = 'one' | 'many';

type InviteAgentsDialogProps = {
  accountId: number;
  customRoles: readonly { id: number; name: string }[];
  onClose: () => void;
};

/**
 * Invites one person (name, email, role: POST agents) or a pasted list of addresses as agents
 * (POST agents/bulk_create). Fields are checked on blur and on submit; the server's 422 lands under its field.
 */
export function InviteAgentsDialog({ accountId, customRoles, onClose }: InviteAgentsDialogProps) {
  const [mode, setMode] = useState<Mode>('one');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleChoice>('agent');
  const [emails, setEmails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const invite = useInviteAgent(accountId);
  const bulk = useBulkInviteAgents(accountId);
  const toast = useToast();
  const saving = invite.isPending || bulk.isPending;

  const setField = (field: AgentField, message: string | undefined) => setErrors((current) => ({ ...current, [field]: message }));
  const focusFirstError = () => focusFirstInvalid(() => form.current);

  const showServerError = (error: unknown, fields: readonly AgentField[]) => {
    const read = readServerError(error, fields);
    setErrors(read.fields);
    setFormError(read.message);
    focusFirstError();
  };

  const submitOne = () => {
    const found = validateInvite({ name, email });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    invite.mutate(
      { name: name.trim(), email: email.trim().toLowerCase(), ...roleBodyOf(role) },
      {
        onSuccess: (agent) => {
          toast(t('AGENT_MGMT.ADD.SUCCESS', { email: agent.email }), 'success');
          onClose();
        },
        onError: (error) => showServerError(error, ['name', 'email', 'role']),
      },
    );
  };

  const submitMany = () => {
    const checked = validateEmailList(emails);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return focusFirstError();
    bulk.mutate(checked.emails, {
      onSuccess: (added) => {
        const skipped = checked.emails.length - added.length;
        if (added.length === 0) toast(t('AGENT_MGMT.BULK.NONE_NEW'), 'info');
        else if (skipped > 0) toast(t('AGENT_MGMT.BULK.SUCCESS_SKIPPED', { count: added.length, skipped }), 'success');
        else toast(added.length === 1 ? t('AGENT_MGMT.BULK.SUCCESS_ONE') : t('AGENT_MGMT.BULK.SUCCESS', { count: added.length }), 'success');
        onClose();
      },
      onError: (error) => showServerError(error, ['emails']),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (mode === 'one') submitOne();
    else submitMany();
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setFormError(null);
  };

  return (
    <Modal show title={t('AGENT_MGMT.ADD.TITLE')} description={t('AGENT_MGMT.ADD.DESCRIPTION')} onClose={onClose} closeOnBackdrop={!saving}>
      <form ref={form} onSubmit={submit} noValidate aria-label={t('AGENT_MGMT.ADD.TITLE')}>
        <fieldset className="agents-mode" role="radiogroup" aria-label={t('AGENT_MGMT.ADD.MODE_LABEL')}>
          {(['one', 'many'] as const).map((value) => (
            <label key={value} className="agents-mode__option">
              <input type="radio" name="invite-mode" value={value} checked={mode === value} onChange={() => switchMode(value)} />
              {t(value === 'one' ? 'AGENT_MGMT.ADD.MODE.ONE' : 'AGENT_MGMT.ADD.MODE.MANY')}
            </label>
          ))}
        </fieldset>

        {mode === 'one' ? (
          <>
            <FormField
              label={t('AGENT_MGMT.FORM.NAME.LABEL')}
              name="name"
              autoComplete="off"
              maxLength={255}
              placeholder={t('AGENT_MGMT.FORM.NAME.PLACEHOLDER')}
              value={name}
              data-autofocus
              onChange={(e) => {
                setName(e.target.value);
                setField('name', undefined);
              }}
              onBlur={() => setField('name', validateName(name).name)}
              error={errors.name}
            />
            <FormField
              label={t('AGENT_MGMT.FORM.EMAIL.LABEL')}
              name="email"
              type="email"
              autoComplete="off"
              placeholder={t('AGENT_MGMT.FORM.EMAIL.PLACEHOLDER')}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setField('email', undefined);
              }}
              onBlur={() => setField('email', validateEmail(email).email)}
              error={errors.email}
            />
            <SelectField
              label={t('AGENT_MGMT.FORM.ROLE.LABEL')}
              name="role"
              value={role}
              hint={t('AGENT_MGMT.FORM.ROLE.HINT')}
              onChange={(e) => {
                setRole(e.target.value as RoleChoice);
                setField('role', undefined);
              }}
              error={errors.role}
            >
              <RoleOptions customRoles={customRoles} />
            </SelectField>
          </>
        ) : (
          <TextareaField
            label={t('AGENT_MGMT.BULK.EMAILS.LABEL')}
            name="emails"
            rows={5}
            placeholder={t('AGENT_MGMT.BULK.EMAILS.PLACEHOLDER')}
            hint={t('AGENT_MGMT.BULK.EMAILS.HINT')}
            value={emails}
            data-autofocus
            onChange={(e) => {
              setEmails(e.target.value);
              setField('emails', undefined);
            }}
            onBlur={() => setField('emails', validateEmailList(emails).errors.emails)}
            error={errors.emails}
          />
        )}

        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}

        <div className="modal__actions">
          <Button onClick={onClose} disabled={saving}>
            {t('AGENT_MGMT.ADD.CANCEL')}
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t(mode === 'one' ? 'AGENT_MGMT.ADD.SUBMIT' : 'AGENT_MGMT.ADD.SUBMIT_MANY')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
