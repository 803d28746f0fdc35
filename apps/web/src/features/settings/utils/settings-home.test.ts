import { describe, expect, it } from 'vitest';
import type { RouteName } from '@app/shared/permissions';
import { EVERY_ROUTE } from '../../../lib/route-registry.ts';
import { settingsHomePath } from './settings-home.ts';

const admin = { role: 'administrator', custom_role_id: null, permissions: ['administrator'] } as const;
const agent = { role: 'agent', custom_role_id: null, permissions: ['agent'] } as const;
const only = (...names: RouteName[]) => new Set(names);

describe('settingsHomePath', () => {
  it('S1-2.01 sends an administrator without a custom role to general settings', () => {
    expect(settingsHomePath(admin, EVERY_ROUTE)).toBe('settings/general');
  });
  it('S1-2.02 sends an administrator who has a custom role to the canned responses list', () => {
    expect(settingsHomePath({ ...admin, custom_role_id: 4 }, EVERY_ROUTE)).toBe('settings/canned-response/list');
  });
  it('S1-2.03 sends agents, checkers and custom roles to the canned responses list', () => {
    expect(settingsHomePath(agent, EVERY_ROUTE)).toBe('settings/canned-response/list');
    expect(settingsHomePath({ role: 'checker', custom_role_id: null, permissions: ['checker'] }, EVERY_ROUTE)).toBe('settings/canned-response/list');
    expect(settingsHomePath({ role: 'agent', custom_role_id: 9, permissions: ['custom_role'] }, EVERY_ROUTE)).toBe('settings/canned-response/list');
  });
  it('while the target screen is not built, goes to the first settings screen the user may open, else the dashboard', () => {
    expect(settingsHomePath(admin, only('labels_list', 'settings_inbox_list', 'canned_list'))).toBe('settings/inboxes/list');
    expect(settingsHomePath(agent, only('general_settings_index', 'labels_list'))).toBe('dashboard');
    expect(settingsHomePath(agent, only('macros_wrapper'))).toBe('settings/macros');
    expect(settingsHomePath(admin, only())).toBe('dashboard');
  });
});
