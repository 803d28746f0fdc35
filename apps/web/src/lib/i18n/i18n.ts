import { DEFAULT_LOCALE, RTL_LOCALES } from '@app/shared/constants';
import { en, type MessageKey } from './locales/en.ts';

export type { MessageKey };

/** Dictionaries by language code; a missing key falls back to en. */
const dictionaries: Record<string, Partial<Record<MessageKey, string>>> = { en };

let locale: string = DEFAULT_LOCALE;

/** `ar`, `fa-IR`, … are written right to left (ARCHITECTURE "Web app"). */
export const isRtl = (code: string) => (RTL_LOCALES as readonly string[]).includes(code.toLowerCase().split(/[-_]/)[0]!);

/** Sets the interface language and the document's `lang` and `dir`. */
export function setLocale(next: string): void {
  locale = next || DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

/** Looks a key up in the current language, then in en; `{name}` placeholders take values from `vars`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text = dictionaries[locale.split(/[-_]/)[0]!]?.[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
