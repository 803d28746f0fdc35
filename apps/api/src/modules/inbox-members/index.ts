import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const inboxMembersModule: FastifyPluginAsyncZod = async () => {};
