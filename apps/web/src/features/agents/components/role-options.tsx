import { ACCOUNT_ROLES } from '@app/shared/constants';
import { t } from '../../../lib/i18n/i18n.ts';

/** The options of a role select: administrator, agent, checker, then the account's custom roles in a group. */
export function RoleOptions({ customRoles }: { customRoles: readonly { id: number; name: string }[] }) {
  return (
    <>
      {ACCOUNT_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`ROLES.${role}`)}
        </option>
      ))}
      {customRoles.length > 0 ? (
        <optgroup label={t('AGENT_MGMT.FORM.ROLE.CUSTOM_GROUP')}>
          {customRoles.map((role) => (
            <option key={role.id} value={`custom_role:${role.id}`}>
              {role.name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </>
  );
}
