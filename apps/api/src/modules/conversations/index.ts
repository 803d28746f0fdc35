import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const conversationsModule: FastifyPluginAsyncZod = async () => {};
