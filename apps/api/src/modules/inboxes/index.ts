import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const inboxesModule: FastifyPluginAsyncZod = async () => {};
