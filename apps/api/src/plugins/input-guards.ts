import { isUtf8 } from 'node:buffer';
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { AppError, humanize } from '../lib/app-error.ts';

/** JSON deeper than this is refused (400): no payload of the API nests past a dozen levels. */
export const MAX_JSON_DEPTH = 32;

function badRequest(message: string, code: string): FastifyError {
  return Object.assign(new Error(message), { statusCode: 400, code, name: 'BadRequest' }) as FastifyError;
}

/** How deep a parsed JSON value nests (a scalar is 0, `{}` is 1); stops counting past `limit`. Iterative. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, level]);
  }
  return deepest;
}

/**
 * The path (`custom_attributes.key`, `items.0.name`) of the first string holding a NUL character, in keys
 * or values; null when there is none. Buffers (uploaded files) are not text and are skipped.
 */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'base' : null;
  // Only what JSON and the multipart plugin make: plain objects and arrays (no Buffers, streams or cycles).
  if (value === null || typeof value !== 'object' || path.length > 64) return null;
  const proto = Object.getPrototypeOf(value) as unknown;
  // (a parsed query string's prototype is an empty object without a prototype)
  const plain = proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
  if (!Array.isArray(value) && !plain) return null;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, child] of entries) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.') || 'base';
    const found = nulPath(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

const nulError = (field: string) => new AppError('validation_failed', `${humanize(field)} must not contain NUL characters`, { fields: { [field]: ['must not contain NUL characters'] } });

/**
 * Input no route can store, refused for every route in one place, before handlers run (issue 16): a JSON body
 * that is not UTF-8 (400; the default parser would turn it into U+FFFD and store mojibake), nested deeper than
 * MAX_JSON_DEPTH (400), and NUL characters in the body, the query string or path params (422 naming the
 * field; Postgres refuses NUL in text, which made a 500). Bodies over the limit answer 413 (app.ts
 * `bodyLimit`, plugins/errors). Registered after plugins/access, so 401/403/404 still come first.
 */
export const inputGuardsPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
      const body = raw as Buffer;
      if (!isUtf8(body)) {
        done(badRequest('The request body is not valid UTF-8.', 'INVALID_UTF8'), undefined);
        return;
      }
      parseJson(request, body.toString('utf8'), (error, value) => {
        if (error) return done(error, undefined);
        if (jsonDepth(value) > MAX_JSON_DEPTH) {
          return done(badRequest(`The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`, 'JSON_TOO_DEEP'), undefined);
        }
        done(null, value);
      });
    });

    app.addHook('preValidation', async (request) => {
      const field = nulPath(request.params) ?? nulPath(request.query) ?? nulPath(request.body);
      if (field) throw nulError(field);
    });
  },
  { name: 'input-guards' },
);
