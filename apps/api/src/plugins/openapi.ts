import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_VERSION } from '../version.ts';

/** OpenAPI generated from the routes' zod schemas; the document is at /api/docs/json, the viewer at /api/docs. */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Relay Desk API',
          description: 'Application API of Relay Desk, compatible with the Chatwoot application API.',
          version: PRODUCT_VERSION,
        },
        components: {
          securitySchemes: {
            userApiKey: { type: 'apiKey', in: 'header', name: 'api_access_token' },
            sessionToken: { type: 'apiKey', in: 'header', name: 'access-token' },
          },
        },
        security: [{ userApiKey: [] }, { sessionToken: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'none' };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });
  },
  { name: 'openapi' },
);
