import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreTranslateProvider, translationProvider, TranslationError } from './translation.ts';

// A local server that plays the provider: /ok answers, /refuse refuses, /broken answers nonsense.
let server: Server;
let base: string;
const bodies: unknown[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string; target: string };
      bodies.push(body);
      response.setHeader('content-type', 'application/json');
      if (request.url === '/ok/translate') return void response.end(JSON.stringify({ translatedText: `${body.target}:${body.q}` }));
      if (request.url === '/refuse/translate') {
        response.statusCode = 403;
        return void response.end(JSON.stringify({ error: 'Invalid API key' }));
      }
      response.end('{"nothing":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('LibreTranslate provider', () => {
  it('posts q, source auto, target and the key to <url>/translate and answers translatedText', async () => {
    const provider = createLibreTranslateProvider({ url: `${base}/ok`, apiKey: 'k1' });
    expect(await provider.translate({ text: 'Hello', target: 'de' })).toBe('de:Hello');
    expect(bodies.at(-1)).toEqual({ q: 'Hello', source: 'auto', target: 'de', format: 'text', api_key: 'k1' });
    // A URL that already names the endpoint is used as is; without a key none is sent.
    expect(await createLibreTranslateProvider({ url: `${base}/ok/translate` }).translate({ text: 'Hi', target: 'fr' })).toBe('fr:Hi');
    expect(bodies.at(-1)).not.toHaveProperty('api_key');
  });

  it('turns refusals, nonsense and unreachable servers into TranslationError', async () => {
    await expect(createLibreTranslateProvider({ url: `${base}/refuse` }).translate({ text: 'x', target: 'de' })).rejects.toThrow(/Invalid API key/);
    await expect(createLibreTranslateProvider({ url: `${base}/broken` }).translate({ text: 'x', target: 'de' })).rejects.toBeInstanceOf(TranslationError);
    await expect(createLibreTranslateProvider({ url: 'http://127.0.0.1:1', timeoutMs: 2000 }).translate({ text: 'x', target: 'de' })).rejects.toBeInstanceOf(TranslationError);
  });

  it('is configured by TRANSLATION_API_URL, absent without it', () => {
    expect(translationProvider({ translation: { url: undefined, apiKey: 'k' } })).toBeNull();
    expect(translationProvider({ translation: { url: base, apiKey: undefined } })?.name).toBe('libretranslate');
  });
});
