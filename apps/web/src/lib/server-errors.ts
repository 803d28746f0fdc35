import { ApiError } from './api-client.ts';

/**
 * A failed save, read for a form: each 422 message of a field the form shows goes under that field, prefixed
 * by its label ("Name has already been taken"); whatever else went wrong (another field's 422, a 403, a 500,
 * no answer) becomes one message for a toast, the server's own when it has one.
 */
export function readServerErrors<F extends string>(
  error: unknown,
  labels: Record<F, string>,
  fallback: string,
): { fields: Partial<Record<F, string>>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  if (error.status !== 422) return { fields: {}, message: error.status === 0 || error.status >= 500 ? fallback : error.message || fallback };
  const fields: Partial<Record<F, string>> = {};
  let rest: string | null = null;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const text = messages[0];
    if (!text) continue;
    if (field in labels) fields[field as F] = `${labels[field as F]} ${text}`;
    else rest ??= `${field} ${text}`;
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, message: rest ?? (placed ? null : error.message || fallback) };
}

/** The account (or the installation) has the feature off: the API answers 403 with error_code feature_disabled. */
export const isFeatureDisabled = (error: unknown) => error instanceof ApiError && error.status === 403 && error.body.error_code === 'feature_disabled';

/** A query's retry rule: a 4xx answer will not change on a second try; anything else is tried once more. */
export const retryUnlessClientError = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;
