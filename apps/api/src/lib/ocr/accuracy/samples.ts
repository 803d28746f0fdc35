import type { OcrFields } from '@app/shared/payments';

/** The fields a screenshot shows, as the reader should answer them (status words aside). */
export type ExpectedFields = Omit<OcrFields, 'status_words'>;

export const LAYOUTS = ['phonepe', 'gpay', 'paytm', 'bhim', 'bank'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** One payment as a screenshot shows it: the values, and how the app writes them. */
export type Sample = {
  id: string;
  layout: Layout;
  status: 'success' | 'failed' | 'pending';
  /** Rupees and paise, e.g. 1234.5 → "1234.50". */
  amountPaise: number;
  utr: string;
  payeeName: string;
  payeeUpi: string;
  payerName: string;
  payerUpi: string;
  /** Local wall-clock time of the payment. */
  at: { year: number; month: number; day: number; hour: number; minute: number; second: number };
  /** Another long number an app shows (its own transaction id, an order id), which must not be taken for the UTR. */
  appTransactionId: string;
};

/** A small deterministic PRNG (mulberry32): the same seed renders the same screenshots on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const digits = (n: number) => Array.from({ length: n }, (_, i) => String(i === 0 ? int(1, 9) : int(0, 9))).join('');
  return { next, int, pick, digits };
}

const FIRST = ['Rahul', 'Priya', 'Amit', 'Sneha', 'Vikram', 'Anjali', 'Rohit', 'Kavya', 'Suresh', 'Deepa', 'Arjun', 'Meera', 'Imran', 'Lakshmi'];
const LAST = ['Sharma', 'Patel', 'Kumar', 'Reddy', 'Singh', 'Nair', 'Gupta', 'Iyer', 'Das', 'Joshi', 'Khan', 'Menon'];
const HANDLES = ['ybl', 'okaxis', 'oksbi', 'okicici', 'okhdfcbank', 'paytm', 'ibl', 'axl', 'upi', 'apl'];

function upiOf(r: ReturnType<typeof prng>, first: string, last: string): string {
  const local = r.pick([`${first}.${last}`, `${first}${r.int(10, 999)}`, `${r.digits(10)}`, `${first}${last}${r.int(1, 99)}`]);
  return `${local.toLowerCase()}@${r.pick(HANDLES)}`;
}

/** `count` samples spread evenly over the layouts, mostly successful payments (as operators receive them). */
export function makeSamples(count: number, seed = 20_261_125): Sample[] {
  const r = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const [pf, pl, sf, sl] = [r.pick(FIRST), r.pick(LAST), r.pick(FIRST), r.pick(LAST)];
    const roll = r.next();
    const status = roll < 0.7 ? 'success' : roll < 0.85 ? 'failed' : 'pending';
    // whole rupees half of the time, as most UPI payments are
    const rupees = r.pick([r.int(10, 999), r.int(1_000, 9_999), r.int(10_000, 99_999), r.int(100, 4_999)]);
    const paise = r.next() < 0.5 ? 0 : r.int(1, 99);
    return {
      id: `s${String(i + 1).padStart(3, '0')}`,
      layout: LAYOUTS[i % LAYOUTS.length]!,
      status,
      amountPaise: rupees * 100 + paise,
      utr: r.digits(12),
      payeeName: `${pf} ${pl}`,
      payeeUpi: upiOf(r, pf, pl),
      payerName: `${sf} ${sl}`,
      payerUpi: upiOf(r, sf, sl),
      at: { year: r.int(2024, 2026), month: r.int(1, 12), day: r.int(1, 28), hour: r.int(0, 23), minute: r.int(0, 59), second: r.int(0, 59) },
      appTransactionId: `T${r.digits(21)}`,
    } satisfies Sample;
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

export function expectedFields(s: Sample): ExpectedFields {
  return {
    utr: s.utr,
    amount: (s.amountPaise / 100).toFixed(2),
    upi_id: s.payeeUpi,
    date: `${s.at.year}-${pad(s.at.month)}-${pad(s.at.day)}`,
    time: `${pad(s.at.hour)}:${pad(s.at.minute)}`,
    status: s.status,
  };
}
