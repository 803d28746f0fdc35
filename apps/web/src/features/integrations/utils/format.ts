const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** An ISO timestamp as the reader's local date and time. */
export const formatTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');

/** A payload as indented JSON for reading. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
