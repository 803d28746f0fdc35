import { DEFAULT_LOCALE, RTL_LOCALES } from '@app/shared/constants';
import { en, type MessageKey } from './locales/en.ts';

export type { MessageKey };

type Dictionary = Partial<Record<MessageKey, string>>;

/** Dictionaries by language code; a missing key falls back to en. */
const dictionaries: Record<string, Dictionary> = { en: { ...en } };

/** Adds strings to a language's dictionary (a screen's own strings, loaded with its chunk). */
export function addMessages(code: string, messages: Dictionary): void {
  dictionaries[code] = { ...dictionaries[code], ...messages };
}

let settingsMessages: Promise<void> | null = null;

/**
 * The settings screens' strings, a chunk of their own: loaded once, before the first settings screen renders
 * (`SettingsMessagesBoundary` in components/settings-page.tsx), so the login screen and the workspace do not
 * download them.
 */
export function loadSettingsMessages(): Promise<void> {
  settingsMessages ??= import('./locales/en-settings.ts').then((module) => addMessages('en', module.settingsScreensEn));
  return settingsMessages;
}

let paymentsMessages: Promise<void> | null = null;

/** The checker view's strings (features/payments), a chunk of their own like the settings screens'. */
export function loadPaymentsMessages(): Promise<void> {
  paymentsMessages ??= import('./locales/en-payments.ts').then((module) => addMessages('en', module.paymentsScreensEn));
  return paymentsMessages;
}

let contactsMessages: Promise<void> | null = null;

/** The contacts screens' strings (features/contacts), a chunk of their own like the checker view's. */
export function loadContactsMessages(): Promise<void> {
  contactsMessages ??= import('./locales/en-contacts.ts').then((module) => addMessages('en', module.contactsScreensEn));
  return contactsMessages;
}

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
  // A key whose strings have not loaded yet shows as itself rather than breaking the screen.
  const text = dictionaries[locale.split(/[-_]/)[0]!]?.[key] ?? dictionaries.en![key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
