import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectMultipart, PNG, type FilePart, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, type Member } from '../../test/factories.ts';

/**
 * Uploads (issue 16, security suite): whatever a member or a customer uploads, under whatever name and type, is
 * never served back as active content of this site (HTML, SVG, script), and no file name or path reaches outside
 * the store.
 */

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
// A real GIF header followed by HTML: an image to a sniffer, a page to a browser that guesses.
const POLYGLOT = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), HTML]);
const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

let t: TestContext;
let admin: Member;
let messagesPath: string;
beforeAll(async () => {
  t = await buildTestApp();
  const created = await createAccountWithAdmin(t);
  admin = created.admin;
  const inbox = await createInbox(t, created.account.id);
  const conversation = await createConversation(t, created.account.id, inbox.id);
  messagesPath = `/api/v1/accounts/${created.account.id}/conversations/${conversation.displayId}/messages`;
});
afterAll(() => t?.close());

const attach = (file: FilePart) => injectMultipart(t.app, 'POST', messagesPath, admin.headers, [['content', 'see attached'], ['attachments[]', file]]);

/** What a browser would get for a stored file: the answer of GET /uploads/<key>. */
async function served(dataUrl: string) {
  const res = await t.app.inject({ method: 'GET', url: new URL(dataUrl).pathname });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

describe('uploads are never served as active content', () => {
  const cases: Array<[string, FilePart]> = [
    ['HTML named as a PNG', { data: HTML, filename: 'photo.png', type: 'image/png' }],
    ['HTML as HTML', { data: HTML, filename: 'page.html', type: 'text/html' }],
    ['SVG with script as an image', { data: SVG, filename: 'logo.svg', type: 'image/svg+xml' }],
    ['SVG named as a PNG', { data: SVG, filename: 'logo.png', type: 'image/png' }],
    ['SVG named as XML text', { data: SVG, filename: 'logo.xml', type: 'text/xml' }],
    ['a GIF/HTML polyglot', { data: POLYGLOT, filename: 'funny.gif', type: 'image/gif' }],
    ['HTML named as text', { data: HTML, filename: 'notes.txt', type: 'text/plain' }],
  ];

  for (const [label, file] of cases) {
    it(`${label}: refused, or served with nosniff, a sandboxing CSP, and inline only as a raster image`, async () => {
      const res = await attach(file);
      if (res.statusCode === 422) return; // refused outright: nothing stored
      expect(res.statusCode, res.body).toBe(200);
      const [attachment] = res.json().attachments as Array<{ data_url: string; file_name: string }>;
      expect(attachment).toBeDefined();
      const answer = await served(attachment!.data_url);
      expect(answer.status).toBe(200);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(String(answer.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox|sandbox.*default-src 'none'/);
      const type = String(answer.headers['content-type']).split(';')[0]!.trim();
      expect(type).not.toMatch(/html|svg|xml|javascript/);
      if (RASTER.has(type)) {
        // shown inline only when the bytes really are that raster image (a sniffed type, not the claimed one)
        expect(answer.headers['content-disposition']).toBe('inline');
        expect(Buffer.from(file.data.subarray(0, 4)).toString('latin1')).toMatch(/^(GIF8|\x89PNG|\xff\xd8|RIFF)/);
      } else {
        expect(type).toBe('application/octet-stream');
        expect(answer.headers['content-disposition']).toMatch(/^attachment/);
      }
    });
  }

  it('a file name with directories is stored under a generated key and shown without its path', async () => {
    const res = await attach({ data: Buffer.from('hello'), filename: '../../../../etc/passwd.txt', type: 'text/plain' });
    expect(res.statusCode, res.body).toBe(200);
    const [attachment] = res.json().attachments as Array<{ data_url: string; file_name: string }>;
    expect(attachment!.file_name).toBe('passwd.txt');
    expect(new URL(attachment!.data_url).pathname).toMatch(/^\/uploads\/attachments\/[A-Za-z0-9_-]{16,64}\.txt$/);
    expect((await served(attachment!.data_url)).body.toString()).toBe('hello');
  });

  it('paths that climb out of the store answer 404 (422 for a NUL), whatever their spelling, and serve nothing', async () => {
    const stored = (await attach({ data: PNG, filename: 'a.png', type: 'image/png' })).json().attachments[0].data_url as string;
    const key = new URL(stored).pathname.slice('/uploads/'.length);
    const probes = [
      '/uploads/../package.json',
      '/uploads/attachments/../../package.json',
      '/uploads/attachments/..%2f..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/..%5c..%5cpackage.json',
      '/uploads//etc/passwd',
      `/uploads/${key}%00.html`,
      `/uploads/${key}/..`,
      `/uploads/${key.replace('.png', '.html')}`,
    ];
    const leaks: string[] = [];
    for (const url of probes) {
      const res = await t.app.inject({ method: 'GET', url });
      const expected = url.includes('%00') ? 422 : 404;
      if (res.statusCode !== expected || res.rawPayload.includes(PNG) || res.body.includes('"name"')) leaks.push(`${url}: ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });

  it('an avatar must be a raster image: HTML, SVG and a polyglot under image names are refused (422)', async () => {
    const refusedWith: number[] = [];
    for (const [data, filename, type] of [
      [HTML, 'me.png', 'image/png'],
      [SVG, 'me.svg', 'image/svg+xml'],
      [SVG, 'me.png', 'image/png'],
    ] as const) {
      const res = await injectMultipart(t.app, 'PUT', '/api/v1/profile', admin.headers, { 'profile[avatar]': { data, filename, type } });
      refusedWith.push(res.statusCode);
    }
    expect(refusedWith).toEqual([422, 422, 422]);
  });
});
