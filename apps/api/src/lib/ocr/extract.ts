import type { OcrFields } from '@app/shared/payments';

/*
 * Payment fields from the text OCR read off a payment screenshot. Pure: text in, fields out, so every rule
 * is unit-tested on realistic OCR output (extract.test.ts) and measured on rendered screenshots
 * (accuracy/). The reader confuses look-alike characters (O/0, l/I/1, S/5, B/8), drops or mangles the
 * rupee sign (₹ → X, %, F, or nothing), and splits label/value tables into a column of labels and a
 * column of values; the rules below expect all of that.
 */

type Status = NonNullable<OcrFields['status']>;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Letters OCR reads in place of digits, inside what must be a number. */
const AS_DIGIT: Record<string, string> = {
  O: '0', o: '0', D: '0', Q: '0', U: '0',
  l: '1', I: '1', i: '1', '|': '1', '!': '1', ']': '1', '[': '1', L: '1',
  S: '5', s: '5', $: '5',
  B: '8',
  Z: '2', z: '2',
  G: '6', b: '6',
  g: '9', q: '9',
  A: '4',
  T: '7',
};
/** Digits OCR reads in place of letters, inside what must be a word (a UPI handle, a month name). */
const AS_LETTER: Record<string, string> = { '|': 'l', '0': 'o', '1': 'l', '5': 's', '8': 'b', '6': 'b', '2': 'z', '4': 'a', '7': 't', '9': 'g' };

/** A token read as digits: look-alike letters become digits; null when other characters remain. */
export function asDigits(token: string): string | null {
  const fixed = [...token].map((c) => AS_DIGIT[c] ?? c).join('');
  return /^\d+$/.test(fixed) ? fixed : null;
}

/** Straightens the characters OCR and apps vary on: dashes, colons, quotes, non-breaking spaces. */
export function normalizeText(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\uff1a\u02d0]/g, ':')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/\r\n?/g, '\n');
}

const linesOf = (text: string) =>
  normalizeText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

// ───────────────────────────── UTR ─────────────────────────────

/**
 * Labels of the 12-digit bank reference, strongest first. "UPI transaction ID" is the UTR in some apps;
 * a bare "Transaction ID" often is the app's own id (letters and 20+ digits), so it comes last and its
 * value must still be exactly 12 digits.
 */
const UTR_LABELS: RegExp[] = [
  /\bU\s?T\s?R\b(?:\s*(?:No|Number|Num)\b\.?)?/i,
  /\bU\s?P\s?[I1l|]\s*Ref(?:erence)?\b\.?(?:\s*(?:No|Number|ID|Id)\b\.?)?/i,
  /\bRRN\b(?:\s*(?:No|Number)\b\.?)?/i,
  /\bBank\s*Ref(?:erence)?\b\.?(?:\s*(?:No|Number|ID)\b\.?)?/i,
  /\bU\s?P\s?[I1l|]\s*Transaction\s*[I1l|]D\b/i,
  /\bRef(?:erence)?\b\.?\s*(?:No|Number|ID|Id)\b\.?/i,
  /\bTransaction\s*(?:[I1l|]D|No|Number|Ref)\b\.?/i,
];

/** 12 digits at the start of a value: one token, or groups split by single spaces ("4011 9631 0984"). */
function utrAtStart(value: string): string | null {
  const tokens = value.replace(/^[\s:;.#=-]+/, '').split(/\s+/);
  let joined = '';
  for (const token of tokens) {
    const digits = asDigits(token.replace(/[.,;:)]+$/, ''));
    if (digits === null) break;
    joined += digits;
    if (joined.length >= 12) break;
  }
  return joined.length === 12 ? joined : null;
}

/** The value after a label: the rest of its line, else the next line (labels above values). */
function labelledUtr(lines: string[]): string | null {
  for (const label of UTR_LABELS) {
    for (const [i, line] of lines.entries()) {
      const match = label.exec(line);
      if (!match) continue;
      const rest = line.slice(match.index + match[0].length);
      const found = utrAtStart(rest) ?? (rest.replace(/[\s:;.#=-]/g, '') === '' && lines[i + 1] ? utrAtStart(lines[i + 1]!) : null);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Without a usable label (a table read as a column of labels, then one of values): the first standalone
 * 12-digit number, never a piece of a longer id ("T2511…", "CICAgK17…") or of a masked account.
 */
function standaloneUtr(lines: string[]): string | null {
  for (const line of lines) {
    for (const token of line.split(/\s+/)) {
      const core = token.replace(/^[(:#-]+|[).,;:]+$/g, '');
      if (core.length !== 12 || !/^\d/.test(core) || !/\d$/.test(core)) continue;
      const digits = asDigits(core);
      // mostly digits already: a word with a few look-alike letters, not a code with letters in it
      if (digits && [...core].filter((c) => /\d/.test(c)).length >= 9) return digits;
    }
  }
  return null;
}

export function extractUtr(text: string): string | null {
  const lines = linesOf(text);
  return labelledUtr(lines) ?? standaloneUtr(lines);
}

// ───────────────────────────── amount ─────────────────────────────

/** A written amount: Indian or western grouping, or none; 1-2 decimals; look-alike letters tolerated. */
const NUMBER = String.raw`\d[0-9OoIlSB]{0,2}(?:,[0-9OoIlSB]{2,3})+(?:[.,][0-9OoIlSB]{1,2})?|\d[0-9OoIlSB]*(?:[.,][0-9OoIlSB]{1,2})?`;
/** The rupee sign as written, and as OCR misreads it when it is glued to the number (X, %, F, &, <, z). */
const GROUPED = String.raw`\d{1,3}(?:,\d{2,3})+(?:\.\d{1,2})?`;
const CURRENCY = String.raw`₹|Rs\.?|INR|R5\.?|R\$`;
const MISREAD_RUPEE = String.raw`[X%F&<zZ?*#€£¥]`;

type AmountCandidate = { value: string; rank: number; index: number };

/** "1,23,456.5" → "123456.50"; null unless it reads as a positive amount of at most 16 digits. */
export function normalizeAmount(written: string): string | null {
  let s = written.trim();
  // a trailing ",dd" is a misread decimal point: grouping never ends with two digits
  if (/,\d{1,2}$/.test(s) && !s.includes('.')) s = `${s.slice(0, s.lastIndexOf(','))}.${s.slice(s.lastIndexOf(',') + 1)}`;
  const [intPart = '', decimals = ''] = s.split('.');
  const digits = asDigits(intPart.replace(/,/g, ''));
  const paise = decimals === '' ? '' : asDigits(decimals);
  if (digits === null || paise === null || digits.length > 16 || digits.length === 0) return null;
  const value = `${digits.replace(/^0+(?=\d)/, '')}.${paise.padEnd(2, '0')}`;
  return Number(value) > 0 ? value : null;
}

/**
 * Amount candidates, ranked: 3 after a rupee sign/Rs/INR, 2 after an "Amount" label, 1 after a misread
 * rupee sign, 0 a number alone on its line (the big amount of a receipt whose sign was dropped) or a
 * grouped/decimal number ending a row, -1 a bare whole number ending a row.
 */
function amountCandidates(lines: string[]): AmountCandidate[] {
  const found: AmountCandidate[] = [];
  const add = (written: string | undefined, rank: number, index: number) => {
    const value = written ? normalizeAmount(written) : null;
    if (value) found.push({ value, rank, index });
  };
  const end = String.raw`(?![\dA-Za-z/:-]|[.,]\d)`;
  for (const [index, line] of lines.entries()) {
    for (const m of line.matchAll(new RegExp(String.raw`(?:${CURRENCY})\s*:?\s*(${NUMBER})${end}`, 'gi'))) add(m[1], 3, index);
    const labelled = new RegExp(String.raw`\b(?:Total\s+)?Amount(?:\s+(?:Paid|Sent|Received|Debited|Credited))?\b\s*[:-]?\s*(?:${CURRENCY}|${MISREAD_RUPEE})?\s*(${NUMBER})${end}`, 'i').exec(line);
    if (labelled) add(labelled[1], 2, index);
    const misread = new RegExp(String.raw`(?:^|\s)${MISREAD_RUPEE}\s?(${NUMBER})${end}`).exec(line);
    if (misread) add(misread[1], 1, index);
    // alone on its line, or at the end of a row after a column gap ("Sneha Singh      9,858.44")
    const alone = new RegExp(String.raw`(?:^|\s{2,})(?:${MISREAD_RUPEE}\s?)?(${GROUPED}|\d{1,7}\.\d{2}|\d{1,7})(?:\s+(?:Paid|Received|Sent))?$`).exec(line);
    // a bare whole number ending a row ("Deepa Patel      362") is the weakest sign of an amount
    if (alone && !/^(19|20)\d\d$/.test(alone[1]!)) add(alone[1], alone.index === 0 || /[,.]/.test(alone[1]!) ? 0 : -1, index);
  }
  return found;
}

/** The best-ranked amount; among equals, the value written most often, then the first. */
export function extractAmount(text: string): string | null {
  const candidates = amountCandidates(linesOf(text));
  if (candidates.length === 0) return null;
  const top = Math.max(...candidates.map((c) => c.rank));
  const best = candidates.filter((c) => c.rank === top);
  const counts = new Map<string, number>();
  for (const c of best) counts.set(c.value, (counts.get(c.value) ?? 0) + 1);
  return best.reduce((a, b) => ((counts.get(b.value) ?? 0) > (counts.get(a.value) ?? 0) ? b : a)).value;
}

// ───────────────────────────── UPI id ─────────────────────────────

/** The common UPI handles (the part after @): a misread handle one letter away from one of these is fixed. */
export const UPI_HANDLES = [
  'ybl', 'ibl', 'axl', 'apl', 'upi', 'paytm', 'pthdfc', 'ptsbi', 'ptyes', 'ptaxis', 'okaxis', 'oksbi', 'okicici', 'okhdfcbank',
  'icici', 'sbi', 'hdfcbank', 'axisbank', 'kotak', 'yesbank', 'freecharge', 'airtel', 'jio', 'waaxis', 'wahdfcbank', 'wasbi',
  'waicici', 'ikwik', 'idfcbank', 'indus', 'federal', 'aubank', 'barodampay', 'unionbank', 'pnb', 'cnrb', 'boi', 'fbl', 'rbl',
  'yapl', 'abfspay', 'axisb', 'dbs', 'kmbl', 'naviaxis', 'superyes', 'tapicici', 'timecosmos', 'yesg', 'jupiteraxis', 'slice', 'fam',
];

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** A handle as written, with look-alike digits read as letters and a near miss of a known handle fixed. */
function fixHandle(raw: string): string {
  const handle = [...raw.toLowerCase()].map((c) => AS_LETTER[c] ?? c).join('');
  if (UPI_HANDLES.includes(handle)) return handle;
  const near = UPI_HANDLES.map((known) => ({ known, d: editDistance(handle, known) })).sort((a, b) => a.d - b.d)[0]!;
  return near.d <= (near.known.length >= 6 ? 2 : 1) ? near.known : handle;
}

/** The part before @: all digits (a phone number) gets digit fixes; names stay as read. */
function fixLocal(raw: string): string {
  const local = raw.toLowerCase();
  const digitCount = [...local].filter((c) => /\d/.test(c)).length;
  return digitCount >= local.length - 2 && local.length >= 8 ? (asDigits(raw) ?? local) : local;
}

const UPI_RE = /([a-zA-Z0-9][a-zA-Z0-9._-]{1,255})\s?[@©®]\s?([a-zA-Z0-9][a-zA-Z0-9.|-]{1,63})/g;
/** A UPI id in a line about the sender is not the one a payment went to. */
const PAYER_CONTEXT = /\b(?:from|debited|payer|sender|remitter)\b/i;
const PAYEE_CONTEXT = /\b(?:to|payee|beneficiary|vpa|upi\s*id|receiver|credited)\b/i;

type UpiCandidate = { id: string; payee: boolean; payer: boolean; email: boolean };

/** Inside a word with an @, characters an address cannot hold are OCR specks ("rahuldas6é@okaxis"): dropped. */
function cleanAddressWords(line: string): string {
  return line.replace(/\S*[@©®]\S*/g, (word) => word.replace(/[©®]/g, '@').replace(/[^A-Za-z0-9._@|-]/g, ''));
}

export function extractUpiId(text: string): string | null {
  const lines = linesOf(text).map(cleanAddressWords);
  const candidates: UpiCandidate[] = [];
  for (const [i, line] of lines.entries()) {
    for (const m of line.matchAll(UPI_RE)) {
      const domain = m[2]!.replace(/[.-]+$/, '');
      const email = /\.[a-z]{2,}$/i.test(domain);
      const id = `${fixLocal(m[1]!)}@${email ? domain.toLowerCase() : fixHandle(domain)}`;
      // the label is on the same line before the id, or alone on the line above
      const before = line.slice(0, m.index);
      const context = before.trim() ? before : (lines[i - 1] ?? '');
      candidates.push({ id, payee: PAYEE_CONTEXT.test(context), payer: PAYER_CONTEXT.test(context), email });
    }
  }
  // an e-mail address (name@domain.tld) is not a payment address
  const pool = candidates.filter((c) => !c.email);
  return (pool.find((c) => c.payee && !c.payer) ?? pool.find((c) => !c.payer) ?? pool[0])?.id ?? null;
}

// ───────────────────────────── date ─────────────────────────────

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (year < 2000 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** "Nov", "November", "N0v", "5ep" → 1..12. */
function monthOf(word: string): number | null {
  const fixed = [...word.toLowerCase()].map((c) => AS_LETTER[c] ?? c).join('');
  const index = MONTHS.indexOf(fixed.slice(0, 3));
  return index >= 0 ? index + 1 : null;
}

const D = String.raw`[0-9OoIlS]`;
const MONTH_WORD = String.raw`[A-Za-z0-9]{3}[a-z]{0,6}\.?`;
const DATE_PATTERNS: { re: RegExp; parts: (m: RegExpExecArray) => [string, string | number, string] | null }[] = [
  // 2026-11-25
  { re: new RegExp(String.raw`\b(20\d\d)[-/.](${D}{1,2})[-/.](${D}{1,2})(?!\d)`), parts: (m) => [m[1]!, m[2]!, m[3]!] },
  // 25/11/2026, 25-11-2026, 25.11.26 (day first, as Indian apps write it)
  { re: new RegExp(String.raw`(?<![\d.])(${D}{1,2})\s?[-/.]\s?(${D}{1,2})\s?[-/.]\s?(${D}{4}|${D}{2})(?![\d:])`), parts: (m) => [m[3]!, m[2]!, m[1]!] },
  // 25 Nov 2026, 25-Nov-2026, 25 November, 2026
  {
    re: new RegExp(String.raw`(?<![\d])(${D}{1,2})(?:st|nd|rd|th)?[\s-]+(${MONTH_WORD})[\s,-]+(${D}{4})\b`),
    parts: (m) => {
      const month = monthOf(m[2]!);
      return month ? [m[3]!, month, m[1]!] : null;
    },
  },
  // Nov 25, 2026
  {
    re: new RegExp(String.raw`\b(${MONTH_WORD})\s+(${D}{1,2})(?:st|nd|rd|th)?,?\s+(${D}{4})\b`),
    parts: (m) => {
      const month = monthOf(m[1]!);
      return month ? [m[3]!, month, m[2]!] : null;
    },
  },
];

export function extractDate(text: string): string | null {
  for (const line of linesOf(text)) {
    for (const { re, parts } of DATE_PATTERNS) {
      const m = re.exec(line);
      const p = m ? parts(m) : null;
      if (!p) continue;
      const [year, month, day] = [asDigits(p[0]), typeof p[1] === 'number' ? String(p[1]) : asDigits(p[1]), asDigits(p[2])];
      const iso = year && month && day ? isoDate(Number(year), Number(month), Number(day)) : null;
      if (iso) return iso;
    }
  }
  return null;
}

// ───────────────────────────── time ─────────────────────────────

const TIME_RE = new RegExp(
  String.raw`(?<![\d/.-])(${D}{1,2})\s?[:;.]\s?(${D}{2})(?:\s?[:;.]\s?${D}{2})?(?![\d/])(?:\s*([AaPp])\.?\s?[Mm]\b\.?)?`,
  'g',
);

/** "5:32 pm" → "17:32", "00:15:09" → "00:15"; the first time that is one (a date's "25.11" is not). */
export function extractTime(text: string): string | null {
  for (const line of linesOf(text)) {
    for (const m of line.matchAll(TIME_RE)) {
      const [h, min] = [asDigits(m[1]!), asDigits(m[2]!)];
      if (h === null || min === null) continue;
      let hour = Number(h);
      const minute = Number(min);
      const meridiem = m[3]?.toLowerCase();
      // "25.11.2026" or an amount "79.00" are not times: a dot needs am/pm after it
      if (!meridiem && !/[:;]/.test(m[0])) continue;
      if (meridiem) {
        if (hour < 1 || hour > 12) continue;
        hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
      }
      if (hour < 24 && minute < 60) return `${pad(hour)}:${pad(minute)}`;
    }
  }
  return null;
}

// ───────────────────────────── status ─────────────────────────────

/** Status words and what they mean; "Paid" only where it states the outcome, not in "Paid to"/"Amount Paid". */
const STATUS_WORDS: { re: RegExp; status: Status }[] = [
  { re: /\b(?:unsuccessful|failed|failure|declined|rejected)\b/gi, status: 'failed' },
  { re: /\b(?:pending|processing|in\s+process|in\s+progress)\b/gi, status: 'pending' },
  { re: /\b(?:successful(?:ly)?|success|completed)\b/gi, status: 'success' },
  { re: /(?<!\bamount\s)\bpaid\b(?!\s+(?:to|from|by|via|on|at|using|with|for)\b)/gi, status: 'success' },
];

/** Long status words, for a label read one letter wrong ("© railed" for "Failed"). */
const FUZZY_STATUS: [string, Status][] = [
  ['failed', 'failed'],
  ['declined', 'failed'],
  ['pending', 'pending'],
  ['processing', 'pending'],
  ['successful', 'success'],
  ['success', 'success'],
  ['completed', 'success'],
];

/**
 * Status labels read one letter wrong: only on a short line of its own (a status pill or headline, where
 * nothing else is written), so ordinary words one letter away elsewhere ("mailed", "spending") never count.
 */
function misreadStatusLabels(lines: string[]): { at: number; word: string; status: Status }[] {
  const hits: { at: number; word: string; status: Status }[] = [];
  let at = 0;
  for (const line of lines) {
    const words = line.split(/\s+/).map((w) => w.replace(/[^A-Za-z]/g, '')).filter((w) => w.length >= 2);
    if (words.length <= 3) {
      for (const word of words) {
        const known = FUZZY_STATUS.find(([w]) => w.length === word.length && editDistance(word.toLowerCase(), w) === 1);
        if (known) hits.push({ at: at + line.indexOf(word), word, status: known[1] });
      }
    }
    at += line.length + 1;
  }
  return hits;
}

/**
 * The status is the first status word in reading order (the headline of a receipt comes before any small
 * print that mentions failures or refunds); status_words lists every one found, as written.
 */
export function extractStatus(text: string): { status: Status | null; words: string[] } {
  const lines = linesOf(text);
  const flat = lines.join('\n');
  const hits: { at: number; word: string; status: Status }[] = [];
  for (const { re, status } of STATUS_WORDS) {
    for (const m of flat.matchAll(re)) hits.push({ at: m.index, word: m[0].replace(/\s+/g, ' '), status });
  }
  hits.push(...misreadStatusLabels(lines));
  hits.sort((a, b) => a.at - b.at);
  const words = [...new Set(hits.map((h) => h.word))];
  return { status: hits[0]?.status ?? null, words };
}

/** Every field of a screenshot's text. */
export function extractFields(text: string): OcrFields {
  const { status, words } = extractStatus(text);
  return {
    utr: extractUtr(text),
    amount: extractAmount(text),
    upi_id: extractUpiId(text),
    date: extractDate(text),
    time: extractTime(text),
    status,
    status_words: words,
  };
}
