import { afterEach, describe, expect, it } from 'vitest';
import { isRtl, setLocale, t } from './i18n.ts';

afterEach(() => setLocale('en'));

describe('i18n', () => {
  it('S0-1.07 the interface speaks en by default and fills placeholders', () => {
    expect(t('CREATE_ACCOUNT.API.EXIST_MESSAGE')).toBe('An account with this name already exists');
    expect(t('SUSPENDED.DESCRIPTION', { account: 'Acme' })).toContain('Access to Acme has been suspended');
    expect(t('SUSPENDED.DESCRIPTION')).toContain('Access to {account} has been suspended');
  });

  it('writes ar, as, fa, he, ku and ur right to left, and everything else left to right', () => {
    for (const code of ['ar', 'as', 'fa', 'he', 'ku', 'ur', 'fa-IR', 'AR']) expect(isRtl(code)).toBe(true);
    for (const code of ['en', 'fr', 'pt_BR', 'hi']) expect(isRtl(code)).toBe(false);
    setLocale('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    // no he dictionary yet: the en text stands in
    expect(t('LOGIN.SUBMIT')).toBe('Sign in');
    setLocale('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
