import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSchema,
  CacheKeysResponseSchema,
  CreateAccountBodySchema,
  LimitsResponseSchema,
  UpdateAccountBodySchema,
} from '@app/shared/accounts';
import { SignInResponseSchema } from '@app/shared/auth';
import { unauthorized } from '../../lib/app-error.ts';
import { accountCtx, ctx, userCtx } from '../../plugins/access.ts';
import { createAccountForUser, getAccount, getCacheKeys, getLimits, signUp, updateAccount } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const tags = ['accounts'];

export const accountsModule: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/accounts',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Create an account (signed in: you become its administrator; signed out: sign-up when enabled)',
        body: CreateAccountBodySchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.principal) return { data: await createAccountForUser(userCtx(request), request.body) };
      if (!app.config.enableAccountSignup) throw unauthorized();
      const { headers, user } = await signUp(ctx(request), request.body);
      return reply.headers(headers).send({ data: user });
    },
  );

  app.get(
    '/api/v1/accounts/:accountId',
    { config: { access: 'api:accounts.show' }, schema: { tags, summary: 'Show the account', params, response: { 200: AccountSchema } } },
    (request) => getAccount(accountCtx(request)),
  );

  app.patch(
    '/api/v1/accounts/:accountId',
    {
      config: { access: 'api:accounts.update' },
      schema: { tags, summary: 'Update the account', params, body: UpdateAccountBodySchema, response: { 200: AccountSchema } },
    },
    (request) => updateAccount(accountCtx(request), request.body),
  );

  for (const prefix of ['/api/v1', '/enterprise/api/v1']) {
    app.get(
      `${prefix}/accounts/:accountId/limits`,
      { config: { access: 'api:accounts.limits' }, schema: { tags, summary: 'Allowed and consumed counts', params, response: { 200: LimitsResponseSchema } } },
      (request) => getLimits(accountCtx(request)),
    );
  }

  app.get(
    '/api/v1/accounts/:accountId/cache_keys',
    { config: { access: 'api:accounts.cache_keys' }, schema: { tags, summary: 'Cache keys of labels, inboxes and teams', params, response: { 200: CacheKeysResponseSchema } } },
    (request) => getCacheKeys(accountCtx(request)),
  );
};
