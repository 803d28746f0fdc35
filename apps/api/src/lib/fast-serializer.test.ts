import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { compileResponseSchema } from './fast-serializer.ts';

const viaZod = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' } as never) as (data: unknown) => string;
const compiled = (schema: z.ZodType) => {
  const result = compileResponseSchema(schema);
  if (!result.ok) throw new Error(result.reason);
  return result.stringify;
};

describe('compileResponseSchema', () => {
  it('writes what zod encode + JSON.stringify writes: key order, stripped keys, nullables, records, catchall, escapes', () => {
    const schema = z.object({
      a: z.string(),
      n: z.number().int().nullable(),
      o: z.object({ x: z.string() }).nullable().optional(),
      rec: z.record(z.string(), z.unknown()),
      sender: z.object({ id: z.number(), name: z.string().optional() }).catchall(z.unknown()).nullable(),
      lit: z.literal('contact'),
      e: z.enum(['a', 'b']),
      arr: z.array(z.object({ k: z.string().nullable() })).optional(),
      f: z.number(),
    });
    const values = [
      // extra keys dropped, undefined record values dropped, a Date inside unknown through its toJSON, catchall after shape keys
      { a: 'x"\\\n\u2028\ud800é😀', n: null, rec: { b: 1, a: undefined, d: new Date(0), fn: () => 1, nested: { z: [1, undefined, null] } }, sender: { extra: 1, name: 'n', id: 2, more: undefined }, lit: 'contact', e: 'a', f: -0, extra: 'dropped' },
      // an optional key written after a required one keeps the schema's place
      { a: 'y', n: 3, o: null, rec: {}, sender: null, lit: 'contact', e: 'b', arr: [{ k: null }, { k: 'v' }], f: 1.5e-7 },
      { a: `${'y'.repeat(100)}\u0001`, n: 3, o: { x: 'q', y: 2 }, rec: { 'key with "quotes"': '\u007f' }, sender: { id: 1 }, lit: 'contact', e: 'b', arr: [], f: 1e21 },
    ];
    const zod = viaZod(schema);
    const fast = compiled(schema);
    for (const value of values) expect(fast(value)).toBe(zod(value));
  });

  it('refuses what it cannot write as zod would: transforms, codecs, defaults, dates, unions, non-string record keys, unknown keys', () => {
    const refused = {
      transform: z.object({ a: z.string().transform((s) => s.length) }),
      codec: z.object({ a: z.codec(z.string(), z.number(), { decode: Number, encode: String }) }),
      default: z.object({ a: z.string().default('x') }),
      date: z.object({ a: z.date() }),
      union: z.object({ a: z.union([z.string(), z.number()]) }),
      objects: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      enumKeys: z.record(z.enum(['a', 'b']), z.string()),
      tuple: z.tuple([z.string(), z.number()]),
      unknownKey: z.object({ a: z.unknown() }),
      unknownItems: z.object({ a: z.array(z.any()) }),
    };
    for (const [name, schema] of Object.entries(refused)) expect(compileResponseSchema(schema).ok, name).toBe(false);
    expect(compileResponseSchema(z.object({ a: z.string().nullable(), b: z.array(z.number()) })).ok).toBe(true);
  });
});
