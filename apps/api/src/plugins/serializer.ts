import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { compileResponseSchema, isHot, type Stringify } from '../lib/fast-serializer.ts';

/**
 * How responses with a hot schema are written (RESPONSE_SERIALIZER, docs/architecture.md "Response serialization"):
 * - `compiled`: the fast-json-stringify function compiled from the zod schema, without zod's check (production);
 * - `checked`: zod's encode and JSON.stringify, and the compiled function too, and any difference between the two
 *   texts is a 500 (the test helper's mode, so every API test checks the contract and the compiled function);
 * - `zod`: zod's serializer, as for every other route.
 */
export type ResponseSerializerMode = 'compiled' | 'checked' | 'zod';

type RouteSchema = z.ZodType | { properties: z.ZodType };

/** A serializer compiler for the whole app: hot response schemas per `mode`, every other schema through zod. */
export function responseSerializerCompiler(mode: ResponseSerializerMode): FastifySerializerCompiler<RouteSchema> {
  const compiled = new WeakMap<z.ZodType, Stringify>();
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as Stringify;
    const schema = 'properties' in route.schema ? route.schema.properties : route.schema;
    if (mode === 'zod' || !isHot(schema)) return viaZod;
    let stringify = compiled.get(schema);
    if (!stringify) {
      const result = compileResponseSchema(schema);
      // A schema marked hot that cannot be compiled is a mistake to fix, not a silent fallback.
      if (!result.ok) throw new Error(`The hot response schema of ${route.method} ${route.url} cannot be compiled: ${result.reason}`);
      stringify = result.stringify;
      compiled.set(schema, stringify);
    }
    // As bytes: fastify measures a string's UTF-8 length for Content-Length, then Node encodes it, two passes over
    // a list page of 50-60 kB (slow ones once a single emoji or accented name makes V8 store it as UTF-16); a
    // Buffer's length is known (docs/benchmarks.md, "Eleventh session").
    if (mode === 'compiled') return ((data: unknown) => Buffer.from(stringify(data))) as unknown as Stringify;
    const fast = stringify;
    return (data: unknown) => {
      const expected = viaZod(data);
      const actual = fast(data);
      if (actual !== expected) {
        throw new Error(`Response of ${route.method} ${route.url}: the compiled serializer wrote ${firstDifference(actual, expected)}`);
      }
      return expected;
    };
  };
}

/** Where two texts part, with a little context, for the error a test shows. */
function firstDifference(actual: string, expected: string): string {
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  const from = Math.max(0, i - 60);
  return `…${actual.slice(from, i + 60)}… where zod wrote …${expected.slice(from, i + 60)}… (offset ${i})`;
}
