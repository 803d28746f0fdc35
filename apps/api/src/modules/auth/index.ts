import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ConfirmationQuerySchema,
  PasswordResetRequestBodySchema,
  PasswordResetRequestResponseSchema,
  PasswordUpdateBodySchema,
  SignInBodySchema,
  SignInResponseSchema,
  SuccessSchema,
  ValidateTokenResponseSchema,
} from '@app/shared/auth';
import { hot } from '../../lib/fast-serializer.ts';
import { ctx, userCtx } from '../../plugins/access.ts';
import { currentUser } from '../users/service.ts';
import { confirmEmail, requestPasswordReset, resetPassword, signIn, signOut } from './service.ts';

const RESET_ANSWER = 'If an account exists for that email, a link to reset the password is on its way.';

export const authModule: FastifyPluginAsyncZod = async (app) => {
  const { max, windowSeconds } = app.config.authRateLimit;
  const limited = (scope: string) => ({
    max,
    timeWindow: windowSeconds * 1000,
    keyGenerator: (request: FastifyRequest) => `${scope}:${request.ip}`,
  });

  app.post(
    '/auth/sign_in',
    {
      config: { auth: 'none', rateLimit: limited('sign_in') },
      schema: { tags: ['auth'], summary: 'Sign in with email and password', body: SignInBodySchema, response: { 200: SignInResponseSchema } },
    },
    async (request, reply) => {
      const { headers, user } = await signIn(ctx(request), request.body);
      return reply.headers(headers).send({ data: user });
    },
  );

  app.get(
    '/auth/validate_token',
    { schema: { tags: ['auth'], summary: 'Check the session and answer the current user', response: { 200: hot(ValidateTokenResponseSchema) } } },
    async (request) => ({ payload: { success: true as const, data: await currentUser(ctx(request), request.principal!.user.id) } }),
  );

  app.delete(
    '/auth/sign_out',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: SuccessSchema } } },
    async (request) => {
      await signOut(userCtx(request), request.principal!.sessionId);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/password',
    {
      config: { auth: 'none', rateLimit: limited('password') },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link (same answer whether or not the email exists)',
        body: PasswordResetRequestBodySchema,
        response: { 200: PasswordResetRequestResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx(request), request.body);
      return { success: true as const, message: RESET_ANSWER };
    },
  );

  app.put(
    '/auth/password',
    {
      config: { auth: 'none', rateLimit: limited('password') },
      schema: { tags: ['auth'], summary: 'Set a new password with a mailed reset or invitation token', body: PasswordUpdateBodySchema, response: { 200: SignInResponseSchema } },
    },
    async (request, reply) => {
      const { headers, user } = await resetPassword(ctx(request), request.body);
      return reply.headers(headers).send({ data: user });
    },
  );

  app.get(
    '/auth/confirmation',
    {
      config: { auth: 'none' },
      schema: { tags: ['auth'], summary: 'Confirm an email address from the mailed link', querystring: ConfirmationQuerySchema.partial() },
    },
    async (request, reply) => {
      const token = request.query.confirmation_token;
      const confirmed = token ? await confirmEmail(ctx(request), token) : false;
      return reply.redirect(confirmed ? '/app/login?email_confirmed=1' : '/app/login?confirmation_failed=1');
    },
  );
};
