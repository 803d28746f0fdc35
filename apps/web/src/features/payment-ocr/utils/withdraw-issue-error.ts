import { WITHDRAW_ISSUE_UNKNOWN_ERROR } from '@app/shared/payments-constants';
import { ApiError } from '../../../lib/api-client.ts';

/** The server's `error` text, if it gave one: not the client's own "network" marker (status 0), not a proxy's HTML page. */
function serverText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const text = typeof error.body.error === 'string' ? error.body.error.trim() : '';
  return text && !text.startsWith('<') ? text : null;
}

/**
 * 001 section 8: a failed withdraw issue creation shows the server's error text, or 'An unknown error occurred'
 * when it gave none (no answer at all, an empty body, a body without `error`).
 */
export const withdrawIssueErrorText = (error: unknown): string => serverText(error) ?? WITHDRAW_ISSUE_UNKNOWN_ERROR;
