import { useId } from 'react';
import type { CustomRolePermission } from '@app/shared/constants';
import { t } from '../../../lib/i18n/i18n.ts';
import { isCovered, PERMISSION_GROUPS, permissionHint, permissionLabel, togglePermission } from '../utils/permissions.ts';

type PermissionEditorProps = {
  value: readonly CustomRolePermission[];
  onChange: (next: CustomRolePermission[]) => void;
  error?: string | undefined;
};

/**
 * The permissions of a custom role, grouped by area, one checkbox each. "Manage all conversations" covers the
 * two narrower conversation permissions: while it is ticked they show ticked and locked.
 */
export function PermissionEditor({ value, onChange, error }: PermissionEditorProps) {
  const id = useId();
  return (
    <fieldset
      className={`permission-editor${error ? ' permission-editor--error' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      tabIndex={error ? -1 : undefined}
    >
      <legend className="permission-editor__legend">{t('CUSTOM_ROLE.FORM.PERMISSIONS.LABEL')}</legend>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {PERMISSION_GROUPS.map((group) => (
        <div key={group.key} className="permission-editor__group" role="group" aria-labelledby={`${id}-${group.key}`}>
          <h3 className="permission-editor__group-title" id={`${id}-${group.key}`}>
            {t(group.label)}
          </h3>
          {group.permissions.map((permission) => {
            const covered = isCovered(value, permission);
            const inputId = `${id}-${permission}`;
            return (
              <label key={permission} className={`permission-editor__item${covered ? ' permission-editor__item--covered' : ''}`} htmlFor={inputId}>
                <input
                  id={inputId}
                  type="checkbox"
                  name="permissions"
                  value={permission}
                  checked={covered || value.includes(permission)}
                  disabled={covered}
                  aria-describedby={`${inputId}-hint`}
                  onChange={() => onChange(togglePermission(value, permission))}
                />
                <span className="permission-editor__text">
                  <span className="permission-editor__label">{t(permissionLabel(permission))}</span>
                  <span className="permission-editor__hint" id={`${inputId}-hint`}>
                    {covered ? t('CUSTOM_ROLE.FORM.PERMISSIONS.INCLUDED') : t(permissionHint(permission))}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
