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

type Cause = Error & { code?: unknown; errors?: unknown; port?: unknown };

/** The error and everything behind it (drizzle and pg wrap in `cause`; Node's connect wraps in AggregateError). */
function chain(error: unknown): Cause[] {
  const found: Cause[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && found.length < 20) {
    const e = queue.shift();
    if (!(e instanceof Error)) continue;
    found.push(e as Cause);
    if (e.cause) queue.push(e.cause);
    if (Array.isArray((e as Cause).errors)) queue.push(...((e as Cause).errors as unknown[]));
  }
  return found;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// Postgres: connection exceptions (08xxx), shutting down or starting (57P01-57P03), too many connections (53300).
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
// node-postgres and PGlite say so in words only.
const DATABASE_GONE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i;
const REDIS_GONE = /Connection is closed|enableOfflineQueue|Reached the max retries per request/i;

/** The ports the installation's Postgres and Redis listen on, to tell whose socket a bare ECONNREFUSED is about. */
export type ServicePorts = { database?: number | undefined; redis?: number | undefined };

export function servicePorts(databaseUrl: string | undefined, redisUrl: string | undefined): ServicePorts {
  const port = (url: string | undefined, fallback: number) => (url ? Number(new URL(url).port || fallback) : undefined);
  return { database: port(databaseUrl, 5432), redis: port(redisUrl, 6379) };
}

/**
 * Which backing service a failed request could not reach, or null when the error is not about reaching one.
 * A socket error counts when it comes through a database query (drizzle's "Failed query") or names the port
 * of the configured Postgres or Redis: a refused outgoing call (a webhook, a provider) is not an outage.
 */
export function unavailableService(error: unknown, ports: ServicePorts = {}): 'database' | 'redis' | null {
  const errors = chain(error);
  const viaDatabase = errors.some((e) => e.name === 'DrizzleQueryError' || e.message.startsWith('Failed query'));
  for (const e of errors) {
    if (e.name === 'MaxRetriesPerRequestError' || REDIS_GONE.test(e.message)) return 'redis';
    if (typeof e.code === 'string' && POSTGRES_UNAVAILABLE.test(e.code)) return 'database';
    if (DATABASE_GONE.test(e.message)) return 'database';
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) {
      if (viaDatabase || (e.port !== undefined && e.port === ports.database)) return 'database';
      if (e.port !== undefined && e.port === ports.redis) return 'redis';
    }
  }
  return null;
}

/**
 * A Postgres data exception (SQLSTATE class 22: NUL or invalid text, a value too long, a malformed number
 * or date) caused by what the request sent; answers the message for a 422. Out-of-range numbers (22003) are
 * handled apart (they answer 404). Null for anything else.
 */
export function dataExceptionMessage(error: unknown): string | null {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : null;
    if (!code?.startsWith('22') || code === '22003') continue;
    if (code === '22021' || code === '22P05') return 'contains characters that cannot be stored (a NUL character or invalid text)';
    if (code === '22001') return 'is too long';
    return 'is invalid';
  }
  return null;
}

const UNAVAILABLE_MESSAGE = {
  database: 'The database cannot be reached right now. Please try again in a moment.',
  redis: 'A backing service (Redis) cannot be reached right now. Please try again in a moment.',
} as const;

/** One handler maps every error to a status and a Chatwoot-shaped body; 5xx are logged and masked. */
export const errorsPlugin = fp(
  async (app) => {
    // Read once the config is decorated (plugins/services registers after this plugin).
    let ports: ServicePorts | undefined;
    const portsOf = (): ServicePorts => (ports ??= app.hasDecorator('config') ? servicePorts(app.config.databaseUrl, app.config.redisUrl) : {});
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
      // Postgres (or Redis) is down or restarting: the request may succeed in a moment, so 503, not 500.
      const service = unavailableService(error, portsOf());
      if (service) {
        request.log.error({ err: error, service }, 'backing service unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ error: UNAVAILABLE_MESSAGE[service], reason: `${service}_unavailable`, request_id: request.id });
      }
      // What the request sent cannot be stored (NUL in text, a value past its column): bad input, never a 500.
      const invalidValue = dataExceptionMessage(error);
      if (invalidValue) {
        request.log.warn({ err: error }, 'value refused by the database');
        return reply.status(422).send({ message: `A value ${invalidValue}`, attributes: ['base'], errors: { base: [invalidValue] } });
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
