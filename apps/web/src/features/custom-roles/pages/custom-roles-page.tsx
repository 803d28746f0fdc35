import { useState } from 'react';
import type { CustomRole } from '@app/shared/custom-roles';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { isFeatureDisabled } from '../../../lib/server-errors.ts';
import { useAgents } from '../../agents/index.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useCustomRoles, useDeleteCustomRole } from '../api.ts';
import { CustomRoleFormModal } from '../components/custom-role-form-modal.tsx';
import { normalisePermissions, permissionLabel } from '../utils/permissions.ts';
import '../custom-roles.css';

type Editing = { role: CustomRole | null } | null;

/** The NONE, ONE or OTHER form of a counted message. */
const plural = (key: 'CUSTOM_ROLE.LIST.AGENT_COUNT' | 'CUSTOM_ROLE.DELETE.DESCRIPTION', count: number) =>
  `${key}.${count === 0 ? 'NONE' : count === 1 ? 'ONE' : 'OTHER'}` as const;

/** settings/custom-roles/list (custom_roles_list): the account's custom roles, each editable and deletable. */
export function CustomRolesPage() {
  const { account } = useCurrentAccount();
  const roles = useCustomRoles(account.id);
  const remove = useDeleteCustomRole(account.id);
  // How many members hold each role; unknown (no column text) while the agents load or if they cannot.
  const agents = useAgents(account.id);
  const holders = (role: CustomRole) => agents.data?.filter((agent) => agent.custom_role_id === role.id).length;
  const [editing, setEditing] = useState<Editing>(null);

  const { askRemove: askDelete, dialog } = useConfirmedRemoval((role: CustomRole) => ({
    title: t('CUSTOM_ROLE.DELETE.TITLE', { name: role.name }),
    description: holders(role) === undefined ? t('CUSTOM_ROLE.DELETE.DESCRIPTION_UNKNOWN') : t(plural('CUSTOM_ROLE.DELETE.DESCRIPTION', holders(role) ?? 0), { count: holders(role) ?? 0 }),
    confirmLabel: t('CUSTOM_ROLE.DELETE.CONFIRM'),
    cancelLabel: t('CUSTOM_ROLE.DELETE.CANCEL'),
    run: (callbacks) => remove.mutate(role.id, callbacks),
    success: t('CUSTOM_ROLE.DELETE.SUCCESS', { name: role.name }),
    failure: (error) => readServerErrors(error, {}, t('CUSTOM_ROLE.DELETE.ERROR')).message ?? t('CUSTOM_ROLE.DELETE.ERROR'),
  }));

  const featureOff = isFeatureDisabled(roles.error);
  const addButton = (
    <Button variant="primary" onClick={() => setEditing({ role: null })}>
      {t('CUSTOM_ROLE.HEADER_BTN_TXT')}
    </Button>
  );

  return (
    <SettingsPage title={t('CUSTOM_ROLE.HEADER')} description={t('CUSTOM_ROLE.DESCRIPTION')} actions={featureOff ? null : addButton}>
      {featureOff ? (
        <SettingsEmpty title={t('CUSTOM_ROLE.FEATURE_DISABLED')} />
      ) : (
        <SettingsQueryState
          query={roles}
          isEmpty={roles.data?.length === 0}
          empty={<SettingsEmpty title={t('CUSTOM_ROLE.EMPTY.TITLE')} description={t('CUSTOM_ROLE.EMPTY.DESCRIPTION')} action={addButton} />}
        >
          <div className="settings-table-wrap">
            <table className="settings-table custom-roles-table">
              <thead>
                <tr>
                  <th scope="col">{t('CUSTOM_ROLE.LIST.NAME')}</th>
                  <th scope="col">{t('CUSTOM_ROLE.LIST.PERMISSIONS')}</th>
                  <th scope="col">{t('CUSTOM_ROLE.LIST.AGENTS')}</th>
                  <th scope="col" className="settings-table__actions" aria-label={t('CUSTOM_ROLE.LIST.ACTIONS')} />
                </tr>
              </thead>
              <tbody>
                {roles.data?.map((role) => (
                  <tr key={role.id}>
                    <td>
                      <div className="custom-roles-table__name">
                        <strong>{role.name}</strong>
                        <span className="muted">{role.description || t('CUSTOM_ROLE.LIST.NO_DESCRIPTION')}</span>
                      </div>
                    </td>
                    <td>
                      <ul className="permission-chips" aria-label={t('CUSTOM_ROLE.LIST.PERMISSIONS')}>
                        {normalisePermissions(role.permissions).map((permission) => (
                          <li key={permission} className="permission-chip">
                            {t(permissionLabel(permission))}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="custom-roles-table__count">{holders(role) === undefined ? '' : t(plural('CUSTOM_ROLE.LIST.AGENT_COUNT', holders(role) ?? 0), { count: holders(role) ?? 0 })}</td>
                    <td className="settings-table__actions">
                      <Button size="small" variant="ghost" aria-label={t('CUSTOM_ROLE.LIST.EDIT_LABEL', { name: role.name })} onClick={() => setEditing({ role })}>
                        {t('CUSTOM_ROLE.LIST.EDIT')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        className="button--danger-text"
                        aria-label={t('CUSTOM_ROLE.LIST.DELETE_LABEL', { name: role.name })}
                        onClick={() => void askDelete(role)}
                      >
                        {t('CUSTOM_ROLE.LIST.DELETE')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </SettingsQueryState>
      )}
      {editing ? <CustomRoleFormModal accountId={account.id} role={editing.role} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </SettingsPage>
  );
}
