import { ApiError } from '../../../lib/api-client.ts';
import { formFieldOf, type ContactField } from './contact-fields.ts';

export type ContactErrors = { fields: Partial<Record<ContactField, string>>; message: string | null };

/**
 * A failed contact save read for the form (S1-8.14, S1-8.15): a 422's per-attribute messages under their fields
 * ("Email has already been taken"), the server's message for the rest, else `fallback`.
 */
export function readContactErrors(error: unknown, labels: Record<ContactField, string>, fallback: string): ContactErrors {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  const fields: Partial<Record<ContactField, string>> = {};
  let unplaced = false;
  if (error.status === 422) {
    for (const [attribute, messages] of Object.entries(error.fieldErrors)) {
      const field = formFieldOf(attribute);
      const text = Array.isArray(messages) ? messages[0] : undefined;
      if (field && text) fields[field] ??= `${labels[field]} ${text}`;
      else unplaced = true;
    }
  }
  if (Object.keys(fields).length > 0 && !unplaced) return { fields, message: null };
  const server = error.status !== 0 && typeof error.body.message === 'string' && error.body.message ? error.body.message : null;
  return { fields, message: server ?? fallback };
}

const TAKEN = 'has already been taken';

/**
 * The contact flow's two exceptions (001 section 8, as Chatwoot's DuplicateContactException and
 * ExceptionWithMessage): DUPLICATE_CONTACT carries the attributes another contact already holds (a 422 "has
 * already been taken" on email, phone_number or identifier), ERROR_WITH_MESSAGE the server's message. Null when
 * the failure is neither (a 422 on other fields, no answer).
 */
export type ContactFlowError = { code: 'DUPLICATE_CONTACT'; data: string[] } | { code: 'ERROR_WITH_MESSAGE'; data: string };

export function contactFlowError(error: unknown): ContactFlowError | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  if (error.status === 422) {
    const taken = Object.entries(error.fieldErrors)
      .filter(([, messages]) => Array.isArray(messages) && messages.includes(TAKEN))
      .map(([attribute]) => attribute.replace(/^contact\./, ''));
    if (taken.length) return { code: 'DUPLICATE_CONTACT', data: taken };
  }
  const message = typeof error.body.message === 'string' && error.body.message ? error.body.message : null;
  return message ? { code: 'ERROR_WITH_MESSAGE', data: message } : null;
}
