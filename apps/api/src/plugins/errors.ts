import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, humanize, type FieldErrors } from '../lib/app-error.ts';
import { isOutOfRange, uniqueViolationField } from '../lib/db-errors.ts';

type Issue = { instancePath?: string; params?: { issue?: { path?: PropertyKey[]; message?: string } }; message?: string };

/** Turns zod issues into Chatwoot's 422 `{message, attributes}` with per-field messages. */
function validationBody(issues: Issue[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const zodPath = issue.params?.issue?.path;
    const field =
      (zodPath && zodPath.length > 0 ? zodPath.map(String).join('.') : issue.instancePath?.replace(/^\//, '').replace(/\//g, '.')) ||
      'base';
    const message = issue.params?.issue?.message ?? issue.message ?? 'is invalid';
    (errors[field] ??= []).push(message);
  }
  const message = Object.entries(errors)
    .map(([field, list]) => `${humanize(field)} ${list[0]}`)
    .join(', ');
  return { message, attributes: Object.keys(errors), errors };
}

export function appErrorBody(error: AppError) {
  switch (error.code) {
    case 'validation_failed':
    case 'conflict': {
      const fields = error.fields ?? {};
      return { message: error.message, attributes: Object.keys(fields), errors: fields, ...error.extra };
    }
    case 'unauthorized':
    case 'invalid_credentials':
      return { success: false, errors: [error.message], error: error.message, ...error.extra };
    default:
      return { error: error.message, ...error.extra };
  }
}

/** One handler maps every error to a status and a Chatwoot-shaped body; 5xx are logged and masked. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).send(appErrorBody(error));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(422).send(validationBody(error.validation as unknown as Issue[]));
      }
      // Two requests raced past a service's uniqueness check: the index decides, and the loser gets the same 422.
      const taken = uniqueViolationField(error);
      if (taken) {
        const errors = { [taken]: ['has already been taken'] };
        return reply.status(422).send({ message: `${humanize(taken)} has already been taken`, attributes: [taken], errors });
      }
      // An id past the integer range in a query string or body (path ids are checked by plugins/id-params):
      // no record can have it, so it answers like a missing record, as Chatwoot's `find` does.
      if (isOutOfRange(error)) {
        request.log.info({ err: error }, 'number out of range');
        return reply.status(404).send({ error: 'Resource could not be found' });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ error: 'Too many requests. Please wait a moment and try again.' });
      }
      if (status === 413) return reply.status(413).send({ error: 'The upload is too large.' });
      if (status === 415) return reply.status(415).send({ error: 'Unsupported content type.' });
      if (status >= 400 && status < 500) {
        const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.message;
        return reply.status(status).send({ message, attributes: [], error: message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Something went wrong on our side. The error was logged.', request_id: request.id });
    });

    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'Resource could not be found' }));
  },
  { name: 'errors' },
);
