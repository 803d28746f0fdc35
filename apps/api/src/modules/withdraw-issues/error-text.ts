import type { onSendAsyncHookHandler } from 'fastify';
import { WITHDRAW_ISSUE_UNKNOWN_ERROR } from '@app/shared/payments-constants';
import { humanize } from '../../lib/app-error.ts';

type FailureBody = { error?: unknown; message?: unknown; errors?: Record<string, string[]> };

/** The one line a person reads: the first field error ("Order id can't be blank"), else the message. */
function textOf(body: FailureBody, status: number): string | null {
  // a server fault has no text meant for the person: the spec's words, with the request id kept beside
  if (status >= 500) return WITHDRAW_ISSUE_UNKNOWN_ERROR;
  if (typeof body.error === 'string' && body.error) return body.error;
  const [first] = Object.entries(body.errors ?? {});
  if (first?.[1]?.[0]) return `${humanize(first[0])} ${first[1][0]}`;
  return typeof body.message === 'string' && body.message ? body.message : null;
}

/**
 * 001 section 8: a failed withdraw issue creation shows the server's text, or 'An unknown error occurred'.
 * So every failure of that route answers a text under `error`, whatever produced it (the access check,
 * validation, a conflict), a 422 with its per-field errors beside it, and a server fault the spec's
 * unknown-error text. Applied to the already serialized body, so no error path can miss it.
 */
export const errorTextOnFailure: onSendAsyncHookHandler<unknown> = async (_request, reply, payload) => {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: FailureBody;
  try {
    body = JSON.parse(payload) as FailureBody;
  } catch {
    return payload;
  }
  const error = textOf(body, reply.statusCode);
  return error === null || body.error === error ? payload : JSON.stringify({ ...body, error });
};
