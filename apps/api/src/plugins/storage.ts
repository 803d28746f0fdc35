import fp from 'fastify-plugin';
import { INLINE_TYPES } from '../lib/storage.ts';

/**
 * Serves stored files. Only raster images are shown inline; anything else is a download. Every
 * answer carries nosniff and a sandboxing CSP, so an upload can never run as a page of this site.
 */
export const storagePlugin = fp(
  async (app) => {
    app.get('/uploads/*', { config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const data = await app.storage.read(key);
      if (!data) return reply.status(404).send({ error: 'Resource could not be found' });
      const extension = key.slice(key.lastIndexOf('.') + 1);
      const inlineType = INLINE_TYPES[extension];
      reply
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Type', inlineType ?? 'application/octet-stream')
        .header('Content-Disposition', inlineType ? 'inline' : 'attachment');
      return reply.send(data);
    });
  },
  { name: 'storage', dependencies: ['db'] },
);
