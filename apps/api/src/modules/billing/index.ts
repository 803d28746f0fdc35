import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountSchema } from '@app/shared/accounts';
import { CheckoutResponseSchema } from '@app/shared/billing';
import { accountCtx } from '../../plugins/access.ts';
import { checkout, startSubscription } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const tags = ['billing'];

/** Billing of the cloud offering (001 section 7): Chatwoot serves these under /enterprise; /api/v1 answers the same. */
export const billingModule: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'api:billing.manage' } as const;
  for (const prefix of ['/enterprise/api/v1', '/api/v1']) {
    app.post(
      `${prefix}/accounts/:accountId/checkout`,
      { config, schema: { tags, summary: 'The billing provider’s checkout or portal address for this account', params, response: { 200: CheckoutResponseSchema } } },
      (request) => checkout(accountCtx(request)),
    );
    app.post(
      `${prefix}/accounts/:accountId/subscription`,
      { config, schema: { tags, summary: 'Start the account’s subscription on the free plan when it has none', params, response: { 200: AccountSchema } } },
      (request) => startSubscription(accountCtx(request)),
    );
  }
};
