import { ApiError } from './api-client.ts';

export type ServerErrors<F extends string> = { fields: Partial<Record<F, string>>; message: string | null };

/**
 * A failed save read for a form: a 422's messages under the form's fields, each after the field's label
 * ("Title has already been taken"), and one message for the rest (another field, a 403, a 500, no answer):
 * the server's message when it sent one, else `fallback` (001 section 8: create errors re-throw the server
 * message).
 */
export function readServerErrors<F extends string>(error: unknown, labels: Record<F, string>, fallback: string): ServerErrors<F> {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: Partial<Record<F, string>> = {};
  if (error.status === 422) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const text = messages[0];
      if (text && field in labels) fields[field as F] = `${labels[field as F]} ${text}`;
    }
  }
  const placed = Object.keys(fields).length > 0;
  const unplaced = error.status === 422 && Object.keys(error.fieldErrors).some((field) => !(field in labels));
  if (placed && !unplaced) return { fields, message: null };
  const server = error.status !== 0 && typeof error.body.message === 'string' ? error.body.message : typeof error.body.error === 'string' && error.status !== 0 ? error.body.error : null;
  return { fields, message: server || fallback };
}
