const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/**
 * An exact decimal amount ("1234567.5", as payment records carry it) in its currency: "₹1,234,567.50". The
 * digits are grouped as text (BigInt), never through a float, so a 16-digit amount reads exactly; the currency's
 * sign and its place come from Intl. An unknown currency code stands before the figure ("XYZ 12.00"), an amount
 * that is no decimal is shown as sent.
 */
export function formatAmount(amount: string, currency: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  let grouped: string;
  try {
    grouped = BigInt(whole).toLocaleString('en');
  } catch {
    return `${amount} ${currency}`;
  }
  const figure = `${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat('en', { style: 'currency', currency }).formatToParts(0);
  } catch {
    return `${currency} ${figure}`;
  }
  const numeric = parts.map((part) => NUMBER_PARTS.has(part.type));
  const text = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return text(parts.slice(0, numeric.indexOf(true))) + figure + text(parts.slice(numeric.lastIndexOf(true) + 1));
}
