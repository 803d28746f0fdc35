import { describe, expect, it } from 'vitest';
import { durationOf, featureName, minutesOf, validateAccountName, validateAutoResolve, validateLocale } from './general-form.ts';

describe('general settings rules', () => {
  it('S0-5.01 an empty account name (or spaces only) is invalid', () => {
    expect(validateAccountName('')).toBe('Please enter a valid account name');
    expect(validateAccountName('   ')).toBe('Please enter a valid account name');
  });

  it('S0-5.02 an account name of length 1 is valid', () => {
    expect(validateAccountName('A')).toBeUndefined();
    expect(validateAccountName('x'.repeat(256))).toBe('The account name can be at most 255 characters');
  });

  it('the locale must come from the language list', () => {
    expect(validateLocale('fr')).toBeUndefined();
    expect(validateLocale('pt_BR')).toBeUndefined();
    expect(validateLocale('xx')).toBe('Choose a language from the list');
  });

  it('auto-resolve durations convert between units and stay within 10 minutes and 999 days', () => {
    expect(durationOf(1440)).toEqual({ amount: '1', unit: 'days' });
    expect(durationOf(120)).toEqual({ amount: '2', unit: 'hours' });
    expect(durationOf(90)).toEqual({ amount: '90', unit: 'minutes' });
    expect(minutesOf('2', 'hours')).toBe(120);
    expect(minutesOf('9', 'minutes')).toBeNull();
    expect(minutesOf('1000', 'days')).toBeNull();
    expect(minutesOf('1.5', 'days')).toBeNull();
    expect(validateAutoResolve({ enabled: true, amount: '', unit: 'days', message: '' })).toEqual({ duration: 'Enter a duration between 10 minutes and 999 days' });
    expect(validateAutoResolve({ enabled: false, amount: '', unit: 'days', message: '' })).toEqual({});
  });

  it('names a feature flag for reading', () => {
    expect(featureName('channel_email')).toBe('Channel email');
    expect(featureName('ip_lookup')).toBe('IP lookup');
    expect(featureName('email_continuity_on_api_channel')).toBe('Email continuity on API channel');
  });
});
