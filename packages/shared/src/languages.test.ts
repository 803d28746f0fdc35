import { describe, expect, it } from 'vitest';
import { RTL_LOCALES } from './constants.ts';
import { UpdateAccountBodySchema } from './accounts.ts';
import { isLanguageCode, languageName, LANGUAGES } from './languages.ts';

describe('language list', () => {
  it('S1-3.51 S1-3.52 has about 180 entries, each a name and a unique two-letter id', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(175);
    expect(LANGUAGES.length).toBeLessThanOrEqual(190);
    for (const language of LANGUAGES) {
      expect(language.id).toMatch(/^[a-z]{2}$/);
      expect(language.name.length).toBeGreaterThan(1);
    }
    expect(new Set(LANGUAGES.map((l) => l.id)).size).toBe(LANGUAGES.length);
    expect(languageName('af')).toBe('Afrikaans');
    expect(languageName('zu')).toBe('Zulu');
  });

  it('S1-3.53 every right-to-left locale is in the list', () => {
    for (const code of RTL_LOCALES) expect(isLanguageCode(code)).toBe(true);
  });

  it('an account locale must be a language of the list, with an optional region', () => {
    const locale = (value: string) => UpdateAccountBodySchema.safeParse({ locale: value }).success;
    expect(locale('fr')).toBe(true);
    expect(locale('pt_BR')).toBe(true);
    expect(locale('xx')).toBe(false);
    expect(locale('english')).toBe(false);
    expect(locale('')).toBe(false);
  });
});
