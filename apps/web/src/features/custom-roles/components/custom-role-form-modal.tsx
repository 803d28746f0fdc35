import { useState, type FormEvent } from 'react';
import type { CustomRole } from '@app/shared/custom-roles';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { useCreateCustomRole, useUpdateCustomRole } from '../api.ts';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  normalisePermissions,
  validateCustomRole,
  type CustomRoleDraft,
  type CustomRoleField,
} from '../utils/permissions.ts';
import { PermissionEditor } from './permission-editor.tsx';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type CustomRoleFormModalProps = {
  accountId: number;
  /** The role being edited; null to create one. */
  role: CustomRole | null;
  onClose: () => void;
};

type Messages = Partial<Record<CustomRoleField, string>>;

const draftOf = (role: CustomRole | null): CustomRoleDraft => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  permissions: normalisePermissions(role?.permissions ?? []),
});

/** Create or edit a custom role: name, description and the permission editor. Checked on blur and on submit. */
export function CustomRoleFormModal({ accountId, role, onClose }: CustomRoleFormModalProps) {
  const [draft, setDraft] = useState(() => draftOf(role));
  const [errors, setErrors] = useState<Messages>({});
  const create = useCreateCustomRole(accountId);
  const update = useUpdateCustomRole(accountId);
  const toast = useToast();
  const saving = create.isPending || update.isPending;

  const messagesOf = (next: CustomRoleDraft): Messages => {
    const found = validateCustomRole(next);
    return {
      name: found.name && t(found.name, { max: NAME_MAX_LENGTH }),
      description: found.description && t(found.description, { max: DESCRIPTION_MAX_LENGTH }),
      permissions: found.permissions && t(found.permissions),
    };
  };
  const check = (field: CustomRoleField, next = draft) => setErrors((current) => ({ ...current, [field]: messagesOf(next)[field] }));
  const change = <K extends CustomRoleField>(field: K, value: CustomRoleDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // A field already marked wrong is checked again as it changes; the permissions at once.
    if (errors[field] || field === 'permissions') check(field, next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = messagesOf(draft);
    setErrors(found);
    const form = event.currentTarget;
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(() => form);
      return;
    }
    const input = { name: draft.name.trim(), description: draft.description.trim() || null, permissions: normalisePermissions(draft.permissions) };
    const done = (saved: CustomRole) => {
      toast(t(role ? 'CUSTOM_ROLE.EDIT.SUCCESS' : 'CUSTOM_ROLE.ADD.SUCCESS', { name: saved.name }), 'success');
      onClose();
    };
    const failed = (error: unknown) => {
      const labels = { name: t('CUSTOM_ROLE.FORM.NAME.LABEL'), description: t('CUSTOM_ROLE.FORM.DESCRIPTION.LABEL'), permissions: t('CUSTOM_ROLE.FORM.PERMISSIONS.LABEL') };
      const read = readServerErrors(error, labels, t('CUSTOM_ROLE.API.ERROR'));
      setErrors(read.fields);
      if (read.message) toast(read.message, 'error');
    };
    if (role) update.mutate({ id: role.id, ...input }, { onSuccess: done, onError: failed });
    else create.mutate(input, { onSuccess: done, onError: failed });
  };

  return (
    <Modal
      show
      title={t(role ? 'CUSTOM_ROLE.EDIT.TITLE' : 'CUSTOM_ROLE.ADD.TITLE')}
      description={t(role ? 'CUSTOM_ROLE.EDIT.DESCRIPTION' : 'CUSTOM_ROLE.ADD.DESCRIPTION')}
      onClose={onClose}
      closeOnBackdrop={!saving}
    >
      <form className="custom-role-form" onSubmit={submit} noValidate aria-label={t(role ? 'CUSTOM_ROLE.EDIT.TITLE' : 'CUSTOM_ROLE.ADD.TITLE')}>
        <div className="custom-role-form__body">
          <FormField
            label={t('CUSTOM_ROLE.FORM.NAME.LABEL')}
            name="name"
            placeholder={t('CUSTOM_ROLE.FORM.NAME.PLACEHOLDER')}
            value={draft.name}
            onChange={(e) => change('name', e.target.value)}
            onBlur={() => check('name')}
            error={errors.name}
            data-autofocus
          />
          <TextareaField
            label={t('CUSTOM_ROLE.FORM.DESCRIPTION.LABEL')}
            name="description"
            rows={2}
            placeholder={t('CUSTOM_ROLE.FORM.DESCRIPTION.PLACEHOLDER')}
            value={draft.description}
            onChange={(e) => change('description', e.target.value)}
            onBlur={() => check('description')}
            error={errors.description}
          />
          <PermissionEditor value={draft.permissions} onChange={(next) => change('permissions', next)} error={errors.permissions} />
        </div>
        <div className="modal__actions">
          <Button onClick={onClose} disabled={saving}>
            {t('CUSTOM_ROLE.FORM.CANCEL')}
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            {saving ? t('CUSTOM_ROLE.FORM.SAVING') : t(role ? 'CUSTOM_ROLE.EDIT.SUBMIT' : 'CUSTOM_ROLE.ADD.SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
