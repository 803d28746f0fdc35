import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, injectMultipart, PNG, type TestContext } from '../../test/helpers.ts';
import { countRows, createAccountWithAdmin, type Member } from '../../test/factories.ts';
import { jsonDepth, MAX_JSON_DEPTH, nulPath } from './input-guards.ts';

let t: TestContext;
let admin: Member;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  const created = await createAccountWithAdmin(t);
  admin = created.admin;
  base = `/api/v1/accounts/${created.account.id}`;
});
afterAll(() => t?.close());

const post = (url: string, payload: string | Buffer) =>
  t.app.inject({ method: 'POST', url, headers: { ...admin.headers, 'content-type': 'application/json' }, payload });

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('jsonDepth and nulPath', () => {
  it('measures nesting without recursion and finds the path of a NUL in keys or values', () => {
    expect([jsonDepth(1), jsonDepth({}), jsonDepth({ a: [1, { b: null }] })]).toEqual([0, 1, 3]);
    expect(jsonDepth(JSON.parse(nested(5000)), 10_000)).toBe(5000);
    expect(nulPath({ name: 'ok', custom_attributes: { plan: 'a\u0000' } })).toBe('custom_attributes.plan');
    expect(nulPath({ items: ['x', 'y\u0000'] })).toBe('items.1');
    expect(nulPath({ 'bad\u0000key': 1 })).toBe('badkey');
    expect(nulPath('\u0000')).toBe('base');
    expect(nulPath({ file: { data: Buffer.from([0, 0]) }, name: 'fine' })).toBeNull();
  });
});

describe('input guards on a real route', () => {
  it('refuses a NUL character with 422 naming the field, and writes nothing', async () => {
    const before = await countRows(t, schema.labels);
    const res = await post(`${base}/labels`, JSON.stringify({ title: 'vip', description: 'a\u0000b' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Description must not contain NUL characters',
      attributes: ['description'],
      errors: { description: ['must not contain NUL characters'] },
    });
    expect(await countRows(t, schema.labels)).toBe(before);
  });

  it('refuses a NUL character in the query string with 422, where the search used to answer 500', async () => {
    const res = await t.app.inject({ url: `${base}/conversations/search?q=a%00b`, headers: admin.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['q']);
  });

  it('refuses a NUL character in a multipart field with 422; the uploaded file’s bytes are not text and pass', async () => {
    const res = await injectMultipart(t.app, 'PUT', '/api/v1/profile', admin.headers, {
      'profile[display_name]': 'J\u0000y',
      'profile[avatar]': { data: PNG, filename: 'me.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['profile.display_name']);
    const ok = await injectMultipart(t.app, 'PUT', '/api/v1/profile', admin.headers, {
      'profile[display_name]': 'Jay',
      'profile[avatar]': { data: Buffer.concat([PNG, Buffer.from([0, 0, 0])]), filename: 'me.png', type: 'image/png' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses invalid UTF-8 with 400 and keeps valid multi-byte text intact', async () => {
    const bad = await post(`${base}/teams`, Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid UTF-8.');
    const good = await post(`${base}/teams`, Buffer.from(JSON.stringify({ name: 'café 🚀 مرحبا' }), 'utf8'));
    expect(good.statusCode, good.body).toBe(200);
    const [row] = await t.db.select().from(schema.teams).where(eq(schema.teams.id, good.json().id as number));
    expect(row?.name).toBe('café 🚀 مرحبا');
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400; at the limit the route decides`, async () => {
    const tooDeep = await post(`${base}/teams`, `{"name":"deep","x":${nested(MAX_JSON_DEPTH)}}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toMatch(/nested too deeply/);
    const atLimit = await post(`${base}/teams`, `{"name":"deep enough","x":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });

  it('keeps the default parser’s answers: malformed and empty JSON 400, prototype poisoning 400, over the limit 413', async () => {
    expect((await post(`${base}/teams`, '{"name":')).statusCode).toBe(400);
    expect((await post(`${base}/teams`, '')).statusCode).toBe(400);
    expect((await post(`${base}/teams`, '{"name":"p","__proto__":{"admin":true}}')).statusCode).toBe(400);
    const huge = await post(`${base}/teams`, Buffer.alloc(3 * 1024 * 1024, 0x20));
    expect(huge.statusCode).toBe(413);
  });
});
