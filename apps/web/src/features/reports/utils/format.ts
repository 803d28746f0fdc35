const UNITS = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const;

/**
 * A duration in seconds as people read it: the two largest units that are not zero ("1h 5m", "2d 3h", "45s",
 * "3m"). Under a second rounds to "0s"; null (nothing measured) is null.
 */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  let rest = Math.round(Math.abs(seconds));
  if (rest === 0) return '0s';
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${unit}`);
    else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** A count in the interface's language (1,234 in en; 1.234 in de). */
export const formatNumber = (value: number, digits = 0) =>
  new Intl.NumberFormat(safeLocale(), { maximumFractionDigits: digits, minimumFractionDigits: digits > 0 ? Math.min(digits, 2) : 0 }).format(value);

/** A percent figure that is already ×100 with two decimals (001 section 9): 66.67 → "66.67%". */
export const formatPercent = (value: number) => `${new Intl.NumberFormat(safeLocale(), { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value)}%`;

function safeLocale(): string {
  const code = (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';
  try {
    return Intl.NumberFormat.supportedLocalesOf([code]).length > 0 ? code : 'en';
  } catch {
    return 'en';
  }
}

/**
 * The change against the previous period, in percent with two decimals: null when the previous period had none
 * (no base to compare with) and the current has some; 0 when both are nothing.
 */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

/** "+12.5%", "-3%", "0%". */
export const signedPercent = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatPercent(Math.abs(value))}`;
