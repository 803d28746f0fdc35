import { useRef, useState, type FormEvent } from 'react';
import type { Agent } from '@app/shared/agents';
import { AVAILABILITY_STATUSES, type Availability } from '@app/shared/constants';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useUpdateAgent, type UpdateAgentBody } from '../api.ts';
import { readServerError, roleBodyOf, roleChoiceOf, validateName, type AgentField, type FieldErrors, type RoleChoice } from '../utils/agent-form.ts';
import { RoleOptions } from './role-options.tsx';
import { SelectField } from './select-field.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type EditAgentDialogProps = {
  accountId: number;
  agent: Agent;
  customRoles: readonly { id: number; name: string }[];
  /** The account's only (verified) administrator keeps the role (the server refuses it too). */
  roleLock: 'only' | 'only_verified' | null;
  onClose: () => void;
};

/** Name, role (administrator, agent, checker or a custom role) and availability of one member: PATCH agents/{id}. */
export function EditAgentDialog({ accountId, agent, customRoles, roleLock, onClose }: EditAgentDialogProps) {
  const [name, setName] = useState(agent.name);
  const [role, setRole] = useState<RoleChoice>(roleChoiceOf(agent));
  const [availability, setAvailability] = useState<Availability>(agent.availability_status);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const update = useUpdateAgent(accountId);
  const toast = useToast();

  const setField = (field: AgentField, message: string | undefined) => setErrors((current) => ({ ...current, [field]: message }));
  const focusFirstError = () => focusFirstInvalid(() => form.current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const found = validateName(name);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    const changes: UpdateAgentBody = { availability };
    if (name.trim() !== agent.name) changes.name = name.trim();
    if (role !== roleChoiceOf(agent)) Object.assign(changes, roleBodyOf(role));
    update.mutate(
      { id: agent.id, changes },
      {
        onSuccess: () => {
          toast(t('AGENT_MGMT.EDIT.SUCCESS'), 'success');
          onClose();
        },
        onError: (error) => {
          const read = readServerError(error, ['name', 'role', 'availability']);
          setErrors(read.fields);
          setFormError(read.message);
          focusFirstError();
        },
      },
    );
  };

  return (
    <Modal
      show
      title={t('AGENT_MGMT.EDIT.TITLE')}
      description={t('AGENT_MGMT.EDIT.DESCRIPTION', { email: agent.email })}
      onClose={onClose}
      closeOnBackdrop={!update.isPending}
    >
      <form ref={form} onSubmit={submit} noValidate aria-label={t('AGENT_MGMT.EDIT.TITLE')}>
        <FormField
          label={t('AGENT_MGMT.FORM.NAME.LABEL')}
          name="name"
          autoComplete="off"
          maxLength={255}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setField('name', undefined);
          }}
          onBlur={() => setField('name', validateName(name).name)}
          error={errors.name}
        />
        <SelectField
          label={t('AGENT_MGMT.FORM.ROLE.LABEL')}
          name="role"
          value={role}
          disabled={roleLock !== null}
          hint={
            roleLock === 'only' ? t('AGENT_MGMT.EDIT.ONLY_ADMIN') : roleLock === 'only_verified' ? t('AGENT_MGMT.EDIT.ONLY_VERIFIED_ADMIN') : t('AGENT_MGMT.FORM.ROLE.HINT')
          }
          onChange={(e) => {
            setRole(e.target.value as RoleChoice);
            setField('role', undefined);
          }}
          error={errors.role}
        >
          <RoleOptions customRoles={customRoles} />
        </SelectField>
        <SelectField
          label={t('AGENT_MGMT.FORM.AVAILABILITY.LABEL')}
          name="availability"
          value={availability}
          onChange={(e) => {
            setAvailability(e.target.value as Availability);
            setField('availability', undefined);
          }}
          error={errors.availability}
        >
          {AVAILABILITY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`AVAILABILITY.${status}`)}
            </option>
          ))}
        </SelectField>

        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}

        <div className="modal__actions">
          <Button onClick={onClose} disabled={update.isPending}>
            {t('AGENT_MGMT.ADD.CANCEL')}
          </Button>
          <Button type="submit" variant="primary" loading={update.isPending}>
            {t('AGENT_MGMT.EDIT.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
