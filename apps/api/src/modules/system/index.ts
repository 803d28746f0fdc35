import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '@app/db';
import { PRODUCT_VERSION } from '../../version.ts';

const StatusSchema = z.object({
  version: z.string(),
  timestamp: z.string(),
  queue_services: z.enum(['ok', 'failing', 'embedded']),
  data_services: z.enum(['ok', 'failing']),
});

async function status(check: () => Promise<void>): Promise<'ok' | 'failing'> {
  try {
    await check();
    return 'ok';
  } catch {
    return 'failing';
  }
}

export const systemModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api',
    { config: { auth: 'none' }, schema: { tags: ['system'], summary: 'Version and health of the installation', response: { 200: StatusSchema, 503: StatusSchema } } },
    async (_request, reply) => {
      const data = await status(() => ping(app.db));
      const body = {
        version: PRODUCT_VERSION,
        timestamp: new Date().toISOString(),
        queue_services: app.config.redisEnabled ? ('ok' as const) : ('embedded' as const),
        data_services: data,
      };
      return reply.status(data === 'ok' ? 200 : 503).send(body);
    },
  );
};
