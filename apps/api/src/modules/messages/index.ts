import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const messagesModule: FastifyPluginAsyncZod = async () => {};
