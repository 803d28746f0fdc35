import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const agentBotsModule: FastifyPluginAsyncZod = async () => {};
