import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const contactsModule: FastifyPluginAsyncZod = async () => {};
