import fp from 'fastify-plugin';
import { notFound } from '../lib/app-error.ts';

/** Ids are Postgres `integer`s: anything else in an id param cannot name a record. */
export const MAX_ID = 2_147_483_647;

/** One registered route, as the id check and the route-walking tests see it. */
export type RouteEntry = {
  method: string;
  url: string;
  params: string[];
  numericParams: string[];
  /** The ROUTE_ACCESS entry that guards the route (account routes), for the generated permission suite. */
  access?: string;
  /** The media types the route answers with when not JSON (`text/csv` for exports), from its schema. */
  produces?: string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path params that are record ids (set by the id-params plugin from the route's params schema). */
    numericParams?: string[];
  }
  interface FastifyInstance {
    /** Every route registered after the id-params plugin, for tests that walk the whole API. */
    routeTable: RouteEntry[];
  }
}

type Parser = { safeParse?: (value: unknown) => { success: boolean; data?: unknown } };

/** The params whose schema turns '1' into a number: those are ids. `accountId` always is (see plugins/access). */
function numericParamsOf(schema: unknown, params: string[]): string[] {
  const shape = (schema as { shape?: Record<string, Parser> } | undefined)?.shape ?? {};
  return params.filter((name) => {
    if (name === 'accountId') return true;
    const result = shape[name]?.safeParse?.('1');
    return Boolean(result?.success && typeof result.data === 'number');
  });
}

/** Whether a raw path segment is an id a record could have: digits only, 1 to 2^31-1. */
export function isRecordId(raw: unknown): boolean {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return false;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID;
}

/**
 * Bad ids answer 404, as Chatwoot does for a missing record, before anything reads the database: an id
 * above the 32-bit range made Postgres throw (500), and `1e3` or `-1` coerced to a number that is not what
 * the client sent. Runs before the access check (which queries the account) and before body validation.
 */
export const idParamsPlugin = fp(
  async (app) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);

    app.addHook('onRoute', (route) => {
      const params = [...route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
      const numericParams = numericParamsOf(route.schema?.params, params);
      if (numericParams.length > 0) route.config = { ...route.config, numericParams };
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = route.config?.access;
      const produces = (route.schema as { produces?: string[] } | undefined)?.produces;
      for (const method of methods) table.push({ method, url: route.url, params, numericParams, ...(access ? { access } : {}), ...(produces ? { produces } : {}) });
    });

    app.addHook('preValidation', async (request) => {
      const names = request.routeOptions.config?.numericParams;
      if (!names) return;
      const values = request.params as Record<string, unknown>;
      for (const name of names) if (!isRecordId(values[name])) throw notFound();
    });
  },
  { name: 'id-params' },
);
