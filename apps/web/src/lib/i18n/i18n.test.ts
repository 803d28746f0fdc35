import { afterEach, describe, expect, it } from 'vitest';
import { isRtl, loadSettingsMessages, setLocale, t, type MessageKey } from './i18n.ts';
import { en } from './locales/en.ts';
import { settingsScreensEn } from './locales/en-settings.ts';

afterEach(() => setLocale('en'));

describe('i18n', () => {
  it('S0-1.07 the interface speaks en by default and fills placeholders', () => {
    expect(t('CREATE_ACCOUNT.API.EXIST_MESSAGE')).toBe('An account with this name already exists');
    expect(t('SUSPENDED.DESCRIPTION', { account: 'Acme' })).toContain('Access to Acme has been suspended');
    expect(t('SUSPENDED.DESCRIPTION')).toContain('Access to {account} has been suspended');
  });

  it('S1-3.53 S1-3.54 writes ar, as, fa, he, ku and ur right to left, and everything else left to right', () => {
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

  it('keeps the settings screens\' strings out of the entry dictionary, and loads them once, with the first settings screen', async () => {
    const eager = new Set(Object.keys(en));
    const settingsKeys = Object.keys(settingsScreensEn);
    expect(settingsKeys.length).toBeGreaterThan(500);
    expect(settingsKeys.filter((key) => eager.has(key))).toEqual([]);
    const first = loadSettingsMessages();
    expect(loadSettingsMessages()).toBe(first);
    await first;
    expect(t('LABEL_MGMT.HEADER')).toBe('Labels');
  });

  it('shows a key whose strings have not loaded as the key, rather than breaking the screen', () => {
    expect(t('NOT_LOADED.YET' as MessageKey)).toBe('NOT_LOADED.YET');
  });
});
