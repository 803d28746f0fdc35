import type { DateValue, FilterAttribute, FilterOperator, FilterValues } from './types.ts';

export const MAX_FILTER_VALUES = 500;
const MAX_TEXT = 1000;
const MAX_ID = 2_147_483_647;
const MAX_DAYS = 36_500;
const DAY_MS = 86_400_000;

export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['is_present', 'is_not_present'];
/** Comparisons against one bound: a second value would have no meaning, so it is refused rather than ignored. */
const SINGLE_VALUE_OPERATORS: readonly FilterOperator[] = ['is_greater_than', 'is_less_than', 'days_before'];

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

const DECIMAL = /^-?[0-9]{1,30}(\.[0-9]{1,30})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

function text(value: unknown): Parsed<string> {
  if (typeof value === 'number' && Number.isFinite(value)) return ok(String(value));
  if (typeof value !== 'string') return fail('must be text');
  if (value.length > MAX_TEXT) return fail(`must be at most ${MAX_TEXT} characters`);
  return ok(value);
}

function decimal(value: unknown): Parsed<string> {
  const textual = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  // String(1e21) is "1e+21": exponents are refused with the rest, so the bound is always a plain numeric literal.
  return DECIMAL.test(textual) ? ok(textual) : fail('must be a number');
}

function id(value: unknown): Parsed<number> {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_ID ? ok(n) : fail('must be an integer id');
}

function boolean(value: unknown): Parsed<boolean> {
  if (typeof value === 'boolean') return ok(value);
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return word === 'true' ? ok(true) : word === 'false' ? ok(false) : fail('must be true or false');
}

// Four-digit years with room on both sides: the day after (or an offset's shift) must stay a four-digit year too,
// or Postgres would be handed a timestamp it refuses.
const MIN_YEAR = 1000;
const MAX_YEAR = 9998;

const isCalendarDay = (y: number, m: number, d: number) => {
  if (y < MIN_YEAR || y > MAX_YEAR) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** `YYYY-MM-DD` is a whole UTC day; a date with a time is an instant (UTC when it names no offset). */
export function dateValue(value: unknown): Parsed<DateValue> {
  if (typeof value !== 'string') return fail('must be an ISO 8601 date');
  const trimmed = value.trim();
  const day = DAY.exec(trimmed);
  if (day) return isCalendarDay(Number(day[1]), Number(day[2]), Number(day[3])) ? ok({ kind: 'day', day: trimmed }) : fail('must be an ISO 8601 date');
  const instant = INSTANT.exec(trimmed);
  if (!instant || !isCalendarDay(Number(instant[1]), Number(instant[2]), Number(instant[3]))) return fail('must be an ISO 8601 date');
  if (Number(instant[4]) > 23 || Number(instant[5]) > 59 || Number(instant[6] ?? 0) > 59) return fail('must be an ISO 8601 date');
  const ms = Date.parse(instant[7] ? trimmed.replace(' ', 'T') : `${trimmed.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? ok({ kind: 'instant', iso: new Date(ms).toISOString() }) : fail('must be an ISO 8601 date');
}

/** days_before N: the UTC day N days before today; rows dated before that day match. */
function daysBefore(value: unknown, now: Date): Parsed<DateValue> {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_DAYS) return fail(`must be a whole number of days (0 to ${MAX_DAYS})`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return ok({ kind: 'day', day: new Date(today - n * DAY_MS).toISOString().slice(0, 10) });
}

function enumValue(attribute: FilterAttribute, value: unknown): Parsed<string> {
  const options = [...(attribute.options ?? []), ...[attribute.noneValue, attribute.allValue].filter((v) => v !== undefined)];
  if (attribute.options?.length === 0) {
    // A list attribute defined without options matches its values as written.
    const written = text(value);
    return written.ok && written.value.trim() === '' ? fail('must not be blank') : written;
  }
  const wanted = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const match = options.find((option) => option.toLowerCase() === wanted);
  return match === undefined ? fail(`must be one of: ${options.join(', ')}`) : ok(match);
}

function label(value: unknown): Parsed<string> {
  const written = text(value);
  if (!written.ok) return written;
  const title = written.value.trim().toLowerCase();
  return title === '' ? fail('must not be blank') : ok(title);
}

function each<T>(values: readonly unknown[], parse: (value: unknown) => Parsed<T>): Parsed<T[]> {
  const out: T[] = [];
  for (const value of values) {
    const parsed = parse(value);
    if (!parsed.ok) return parsed;
    out.push(parsed.value);
  }
  return ok(out);
}

/** Checks a row's values against its attribute's type and operator; the message is for `payload.<i>.values`. */
export function parseValues(attribute: FilterAttribute, operator: FilterOperator, raw: unknown, now: Date): Parsed<FilterValues> {
  if (VALUELESS_OPERATORS.includes(operator)) return ok({ type: 'none' });
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) return fail('must be a list of values');
  const values: readonly unknown[] = Array.isArray(raw) ? raw : [];
  if (values.length === 0) return fail('must not be empty for this operator');
  if (values.length > MAX_FILTER_VALUES) return fail(`must hold at most ${MAX_FILTER_VALUES} values`);
  if (SINGLE_VALUE_OPERATORS.includes(operator) && values.length > 1) return fail('must hold exactly one value for this operator');

  const tagged = <T, R extends FilterValues>(parsed: Parsed<T[]>, wrap: (values: T[]) => R): Parsed<FilterValues> =>
    parsed.ok ? ok(wrap(parsed.value)) : parsed;
  switch (attribute.type) {
    case 'text':
      return tagged(each(values, text), (v) => ({ type: 'text', values: v }));
    case 'labels':
      return tagged(each(values, label), (v) => ({ type: 'labels', values: v }));
    case 'enum':
      return tagged(
        each(values, (v) => enumValue(attribute, v)),
        (v) => ({ type: 'enum', values: v }),
      );
    case 'number':
      return tagged(each(values, decimal), (v) => ({ type: 'number', values: v }));
    case 'id':
      return tagged(each(values, id), (v) => ({ type: 'id', values: v }));
    case 'boolean':
      return tagged(each(values, boolean), (v) => ({ type: 'boolean', values: v }));
    case 'date':
      return tagged(
        each(values, operator === 'days_before' ? (v) => daysBefore(v, now) : dateValue),
        (v) => ({ type: 'date', values: v }),
      );
  }
}
