import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

/**
 * Serves the built single-page app under /app: real files when they exist, index.html for every
 * other /app path so client-side routes survive a reload.
 */
export const webPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      app.log.warn({ root }, 'web app is not built; /app answers 503 until `pnpm build` runs');
    }
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'none' };
      });
      await web.register(fastifyStatic, {
        root,
        prefix: '/app/',
        wildcard: false,
        index: false,
        decorateReply: true,
        cacheControl: false,
        setHeaders(res, file) {
          // Vite fingerprints everything under assets/, so those may be cached for good.
          res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
          res.header('X-Content-Type-Options', 'nosniff');
        },
      });
      const sendIndex = async (_request: unknown, reply: FastifyReply) => {
        if (!existsSync(index)) {
          return reply.status(503).type('text/plain').send('The web app is not built yet. Run `pnpm build`.');
        }
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
      };
      web.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
      // With ignoreTrailingSlash (app.ts) this also answers /app/.
      web.get('/app', { schema: { hide: true } }, sendIndex);
      // the public CSAT survey page (csatSurveyPath) is a client route of the same app
      web.get('/survey/responses/:uuid', { schema: { hide: true } }, sendIndex);
      web.get('/app/*', { schema: { hide: true } }, async (request, reply) => {
        const rest = (request.params as { '*': string })['*'];
        const file = path.join(root, rest);
        if (rest && file.startsWith(root + path.sep) && path.extname(rest) && existsSync(file)) {
          return reply.sendFile(rest, root);
        }
        return sendIndex(request, reply);
      });
    });
  },
  { name: 'web', dependencies: ['db'] },
);
