import { getCountries, getCountryCallingCode, parsePhoneNumberWithError, ParseError, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

/** A country entry of the phone input (000 section 3); the "no country" entry has every field empty but the name. */
export type Country = { name: string; dial_code: string; emoji: string; id: string };

/** 000 section 9: the dropdown keeps 40 px of context around the highlighted entry when it scrolls. */
export const PHONE_DROPDOWN_SCROLL_OFFSET_PX = 40;

/** "GB" → 🇬🇧 (regional indicator symbols). */
export const flagEmoji = (id: string) => [...id.toUpperCase()].map((c) => String.fromCodePoint(0x1f1a5 + c.charCodeAt(0))).join('');

const cache = new Map<string, Country[]>();

/** Every country libphonenumber knows, named in `locale`, sorted by name. */
export function countryList(locale = 'en'): Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const list = getCountries()
    .map((id) => ({ name: names?.of(id) ?? id, dial_code: `+${getCountryCallingCode(id)}`, emoji: flagEmoji(id), id }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, list);
  return list;
}

/** 000 section 5: a case-insensitive substring match on the name, the dial code or the country code. */
export function searchCountries(list: readonly Country[], query: string): Country[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter((c) => c.name.toLowerCase().includes(needle) || c.dial_code.includes(needle) || c.id.toLowerCase().includes(needle));
}

/** The country a calling code belongs to first (+1 → US, +44 → GB). */
export const mainCountryFor = (callingCode: string): string => metadata.country_calling_codes[callingCode]?.[0] ?? '';

export type PhoneParseResult =
  | { ok: true; country: string; dialCode: string; nationalNumber: string }
  | { ok: false; reason: 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH' };

/**
 * The number parser (libphonenumber-js): a national number of 2 to 17 digits, input text of at most
 * 250 characters (000 section 5). What a caller does with a refusal is up to the caller.
 */
export function parsePhone(text: string, defaultCountry?: string): PhoneParseResult {
  try {
    const parsed = parsePhoneNumberWithError(text, defaultCountry ? (defaultCountry as CountryCode) : undefined);
    return {
      ok: true,
      country: parsed.country ?? mainCountryFor(parsed.countryCallingCode),
      dialCode: `+${parsed.countryCallingCode}`,
      nationalNumber: parsed.nationalNumber,
    };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, reason: error.message as Extract<PhoneParseResult, { ok: false }>['reason'] };
    return { ok: false, reason: 'NOT_A_NUMBER' };
  }
}

/**
 * Where the dropdown should scroll so the entry at `itemTop` (height `itemHeight`) is visible with
 * `offset` pixels to spare; the current position when it already is.
 */
export function scrollTopFor(
  item: { top: number; height: number },
  view: { scrollTop: number; height: number },
  offset = PHONE_DROPDOWN_SCROLL_OFFSET_PX,
): number {
  if (item.top - offset < view.scrollTop) return Math.max(0, item.top - offset);
  if (item.top + item.height + offset > view.scrollTop + view.height) return item.top + item.height + offset - view.height;
  return view.scrollTop;
}
