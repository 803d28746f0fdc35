import { describe, expect, it } from 'vitest';
import { showsAccountSwitch } from './account-switch.ts';

describe('account switch visibility', () => {
  it('S0-6.14 shows when the user has more than one account', () => {
    expect(showsAccountSwitch(2, false)).toBe(true);
  });

  it('S0-6.15 shows with one account when account creation from the dashboard is enabled', () => {
    expect(showsAccountSwitch(1, true)).toBe(true);
  });

  it('S0-6.16 is hidden with one account when account creation from the dashboard is disabled', () => {
    expect(showsAccountSwitch(1, false)).toBe(false);
  });
});
