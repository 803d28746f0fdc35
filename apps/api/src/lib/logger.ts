import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The slice of pino that services use; request.log and app.log both satisfy it. */
export type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
  debug: (obj: object, msg?: string) => void;
};

/** What every log line written while a job runs carries: the run's id and which job it is. */
export type JobLogContext = { job_id: string; job: string };

const jobContext = new AsyncLocalStorage<JobLogContext>();

/** Runs `work` so that every log line written inside it (by any logger of the app) names the job run. */
export function withJobContext<T>(context: JobLogContext, work: () => Promise<T>): Promise<T> {
  return jobContext.run(context, work);
}

/**
 * pino's `mixin`: adds the job run's fields to lines written inside a job (requests already carry `reqId`
 * through their child logger).
 */
export function logMixin(): Partial<JobLogContext> {
  return jobContext.getStore() ?? {};
}

/** A request id a client or proxy may pass in `x-request-id` and see in the logs: short and plain. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The request's id: the caller's `x-request-id` when it is a plain token (a proxy's id keeps one id across
 * hops), else a new UUID (unique across processes, unlike a per-process counter).
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}
