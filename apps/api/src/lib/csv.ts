/**
 * CSV writing (RFC 4180) that a spreadsheet cannot be tricked by: a cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed number (an E.164 phone number, a negative amount) is no formula: it stays as written. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell as read back from a CSV this module wrote (or a spreadsheet saved): the escaping apostrophe dropped. */
export const unescapeCell = (text: string): string => (ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

/** One line, CRLF-terminated as RFC 4180 says. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
