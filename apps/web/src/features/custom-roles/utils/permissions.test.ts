import { describe, expect, it } from 'vitest';
import { CUSTOM_ROLE_PERMISSIONS } from '@app/shared/constants';
import { settingsScreensEn } from '../../../lib/i18n/locales/en-settings.ts';
import { isCovered, normalisePermissions, PERMISSION_GROUPS, permissionHint, permissionLabel, togglePermission, validateCustomRole } from './permissions.ts';

const en: Record<string, string> = settingsScreensEn;

describe('custom role permissions', () => {
  it('the editor offers every permission of the shared list once, each with a label and a hint', () => {
    const offered = PERMISSION_GROUPS.flatMap((group) => group.permissions);
    expect([...offered].sort()).toEqual([...CUSTOM_ROLE_PERMISSIONS].sort());
    for (const permission of offered) {
      expect(en[permissionLabel(permission)]).toBeTruthy();
      expect(en[permissionHint(permission)]).toBeTruthy();
    }
  });

  it('ticking "manage all conversations" drops and covers the narrower conversation permissions', () => {
    const picked = togglePermission(['conversation_unassigned_manage', 'contact_manage'], 'conversation_manage');
    expect(picked).toEqual(['conversation_manage', 'contact_manage']);
    expect(isCovered(picked, 'conversation_participating_manage')).toBe(true);
    expect(isCovered(picked, 'contact_manage')).toBe(false);
    expect(togglePermission(picked, 'conversation_manage')).toEqual(['contact_manage']);
  });

  it('normalises to the shared order without duplicates', () => {
    expect(normalisePermissions(['report_manage', 'contact_manage', 'report_manage'])).toEqual(['contact_manage', 'report_manage']);
  });

  it('needs a name, a description within 1000 characters and one permission', () => {
    expect(validateCustomRole({ name: '  ', description: '', permissions: [] })).toEqual({
      name: 'CUSTOM_ROLE.FORM.NAME.ERROR',
      permissions: 'CUSTOM_ROLE.FORM.PERMISSIONS.ERROR',
    });
    expect(validateCustomRole({ name: 'x'.repeat(256), description: 'y'.repeat(1001), permissions: ['report_manage'] })).toEqual({
      name: 'CUSTOM_ROLE.FORM.NAME.TOO_LONG',
      description: 'CUSTOM_ROLE.FORM.DESCRIPTION.TOO_LONG',
    });
    expect(validateCustomRole({ name: 'Lead', description: '', permissions: ['report_manage'] })).toEqual({});
  });
});
