import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * Response schemas marked hot: their routes are serialized by a fast-json-stringify function compiled once at
 * startup from the zod schema (docs/architecture.md, "Response serialization"). Mark the schema, not a route: every
 * route answering with it gains, and the schema stays the one contract the web and the tests import.
 */
const hotSchemas = new WeakSet<z.ZodType>();

/** Marks a response schema for the compiled serializer and hands it back unchanged. */
export function hot<T extends z.ZodType>(schema: T): T {
  hotSchemas.add(schema);
  return schema;
}

export const isHot = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType && hotSchemas.has(schema);

export type Stringify = (data: unknown) => string;
export type Compiled = { ok: true; stringify: Stringify } | { ok: false; reason: string };

/**
 * zod types whose encoded output fast-json-stringify would not reproduce: anything that changes the value
 * (pipes, which carry transforms, codecs and preprocess; defaults; catch), dates and other non-JSON values,
 * and the combinators fast-json-stringify can only resolve by validating each value at run time.
 */
const REFUSED = new Set([
  'pipe',
  'transform',
  'default',
  'prefault',
  'catch',
  'date',
  'bigint',
  'map',
  'set',
  'tuple',
  'intersection',
  'lazy',
  'promise',
  'custom',
  'function',
  'nan',
  'symbol',
  'undefined',
  'void',
  'never',
  'file',
  'success',
]);

type JsonSchema = Record<string, unknown>;

/**
 * zod 4 writes `.nullable()` as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify resolves with an ajv check
 * per value; `nullable: true` on X means the same to it and costs one `=== null`. Any other union is refused.
 */
function normalize(node: unknown, where: string, valueOfRecord = false): JsonSchema {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) throw new Error(`${where}: not a schema`);
  const schema = { ...(node as JsonSchema) };
  delete schema.$schema;
  // An unknown value goes through JSON.stringify either way, but as a key or an array item fast-json-stringify
  // would write `undefined` for a function where JSON.stringify drops the key or writes null; as a record's value
  // (additionalProperties) it drops the key as JSON.stringify does.
  if (Object.keys(schema).length === 0 && !valueOfRecord) throw new Error(`${where}: an unknown-typed key or item is not compiled`);
  for (const keyword of ['oneOf', 'allOf', 'not', 'if', '$ref', 'prefixItems', 'patternProperties', 'dependentSchemas']) {
    if (keyword in schema) throw new Error(`${where}: ${keyword} is not compiled`);
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    const other = branches.filter((b) => b.type !== 'null');
    if (branches.length !== 2 || other.length !== 1) throw new Error(`${where}: a union is not compiled`);
    const { anyOf: _anyOf, ...siblings } = schema;
    return normalize({ ...other[0], ...siblings, nullable: true }, where);
  }
  if (Array.isArray(schema.type)) {
    const all = schema.type as string[];
    const types = all.filter((t) => t !== 'null');
    if (types.length !== 1) throw new Error(`${where}: a union of types is not compiled`);
    schema.type = types[0];
    if (types.length < all.length) schema.nullable = true;
  }
  if (schema.type === undefined && Object.keys(schema).length > 0 && !('const' in schema) && !('enum' in schema)) {
    throw new Error(`${where}: a schema without a type is not compiled`);
  }
  if (schema.properties) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, unknown>).map(([key, value]) => [key, normalize(value, `${where}.${key}`)]),
    );
    schema.properties = properties;
    // fast-json-stringify writes required keys first: only the leading run of required keys stays required, so
    // the keys keep zod's (the schema's) order.
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const leading: string[] = [];
    for (const key of Object.keys(properties)) {
      if (!required.has(key)) break;
      leading.push(key);
    }
    schema.required = leading;
  }
  if (schema.items !== undefined) schema.items = normalize(schema.items, `${where}[]`);
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties === 'object') {
    schema.additionalProperties = normalize(schema.additionalProperties, `${where}.*`, true);
  }
  delete schema.propertyNames;
  return schema;
}

/**
 * Compiles a zod response schema to a fast-json-stringify function, or says why it cannot: the caller keeps the
 * zod serializer for those. The function does not validate: it writes the declared properties, in schema order,
 * as zod's encode followed by JSON.stringify would for a value that passes the schema.
 */
export function compileResponseSchema(schema: z.ZodType): Compiled {
  try {
    const refused = new Set<string>();
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-2020-12',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      override: ({ zodSchema }) => {
        const type = zodSchema._zod.def.type;
        if (REFUSED.has(type)) refused.add(type);
        if (zodSchema._zod.def.type === 'record' && !isStringKey(zodSchema._zod.def.keyType)) refused.add('record with non-string keys');
      },
    });
    if (refused.size > 0) return { ok: false, reason: `uses ${[...refused].join(', ')}` };
    const stringify = fastJson(normalize(json, '$') as unknown as Parameters<typeof fastJson>[0]) as Stringify;
    return { ok: true, stringify };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A plain `z.string()` key: fast-json-stringify writes every own key, as zod's record does for such a key. */
function isStringKey(keyType: $ZodType) {
  return keyType._zod.def.type === 'string' && (keyType._zod.def.checks ?? []).length === 0;
}
