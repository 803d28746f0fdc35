/** Thousands grouped ("1,000"). */
export const grouped = (n: number) => n.toLocaleString('en');

const dateFormat = () => new Intl.DateTimeFormat(document.documentElement.lang || 'en', { dateStyle: 'medium' });
const dateTimeFormat = () => new Intl.DateTimeFormat(document.documentElement.lang || 'en', { dateStyle: 'medium', timeStyle: 'short' });

/** A unix-seconds timestamp as a date ("Nov 25, 2026"); empty for none. */
export const formatDate = (seconds: number | null | undefined) => (seconds ? dateFormat().format(new Date(seconds * 1000)) : '');
export const formatDateTime = (seconds: number | null | undefined) => (seconds ? dateTimeFormat().format(new Date(seconds * 1000)) : '');

/** An attribute hash's value as text ("" for objects and nothing). */
export const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : typeof value === 'boolean' ? String(value) : '');
