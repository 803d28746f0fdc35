import { describe, expect, it } from 'vitest';
import { settingsHomePath } from './settings-home.ts';

describe('settingsHomePath', () => {
  it('S1-2.01 sends an administrator without a custom role to general settings', () => {
    expect(settingsHomePath({ role: 'administrator', custom_role_id: null })).toBe('settings/general');
  });
  it('S1-2.02 sends an administrator who has a custom role to the canned responses list', () => {
    expect(settingsHomePath({ role: 'administrator', custom_role_id: 4 })).toBe('settings/canned-response/list');
  });
  it('S1-2.03 sends agents, checkers and custom roles to the canned responses list', () => {
    expect(settingsHomePath({ role: 'agent', custom_role_id: null })).toBe('settings/canned-response/list');
    expect(settingsHomePath({ role: 'checker', custom_role_id: null })).toBe('settings/canned-response/list');
    expect(settingsHomePath({ role: 'agent', custom_role_id: 9 })).toBe('settings/canned-response/list');
  });
});
