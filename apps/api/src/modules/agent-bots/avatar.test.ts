import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadImage, isPublicAddress } from './avatar.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

// A local server playing the image host.
let server: http.Server;
let origin: string;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/bot.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/moved') return void res.writeHead(302, { location: '/bot.png' }).end();
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/big') return void res.writeHead(200).end(Buffer.alloc(2048));
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(PNG), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const local = { allowPrivateAddresses: true };

describe('avatar_url download', () => {
  it('downloads an image and follows a relative redirect', async () => {
    expect((await downloadImage(`${origin}/bot.png`, local)).equals(PNG)).toBe(true);
    expect((await downloadImage(`${origin}/moved`, local)).equals(PNG)).toBe(true);
    // by name: the connection goes through the checking lookup
    expect((await downloadImage(`http://localhost:${new URL(origin).port}/bot.png`, local)).equals(PNG)).toBe(true);
  });

  it('fails on an error status, a redirect loop, a redirect out of http(s), a body over the limit and a slow host', async () => {
    await expect(downloadImage(`${origin}/missing`, local)).rejects.toThrow(/answered 404/);
    await expect(downloadImage(`${origin}/loop`, local)).rejects.toThrow(/redirects too often/);
    await expect(downloadImage(`${origin}/to-file`, local)).rejects.toThrow(/not an http or https URL/);
    await expect(downloadImage(`${origin}/big`, { ...local, maxBytes: 1024 })).rejects.toThrow(/too large/);
    await expect(downloadImage(`${origin}/slow`, { ...local, timeoutMs: 200 })).rejects.toThrow();
  });

  // Runs after the downloads above on purpose: a pooled keep-alive socket to localhost must not skip the check.
  it('refuses loopback and private hosts, by literal address or by name, before connecting', async () => {
    const before = hits;
    const port = new URL(origin).port;
    for (const url of [`${origin}/bot.png`, `http://localhost:${port}/bot.png`, `http://[::1]:${port}/bot.png`, 'http://169.254.169.254/latest/meta-data']) {
      const error = await downloadImage(url).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(DownloadError);
      expect((error as DownloadError).privateAddress, url).toBe(true);
    }
    expect(hits).toBe(before);
  });

  it('tells public from loopback, private, link-local, mapped and unique-local addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
