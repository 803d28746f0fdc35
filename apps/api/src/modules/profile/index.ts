import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AutoOfflineBodySchema,
  AvailabilityBodySchema,
  ResendConfirmationResponseSchema,
  SetActiveAccountBodySchema,
  UpdateProfileBodySchema,
} from '@app/shared/profile';
import { CurrentUserSchema } from '@app/shared/users';
import { hot } from '../../lib/fast-serializer.ts';
import { userCtx } from '../../plugins/access.ts';
import {
  getProfile,
  removeAvatar,
  resendConfirmation,
  resetAccessToken,
  setActiveAccount,
  setAutoOffline,
  setAvailability,
  updateProfile,
} from './service.ts';

const base = '/api/v1/profile';
const tags = ['profile'];
const response = { 200: hot(CurrentUserSchema) };

/** The signed-in user's own profile (000 section 7, Chatwoot's profiles_controller); no account in the path. */
export const profileModule: FastifyPluginAsyncZod = async (app) => {
  const { max, windowSeconds } = app.config.authRateLimit;

  app.get(base, { schema: { tags, summary: 'The signed-in user', response } }, (request) => getProfile(userCtx(request)));

  app.put(
    base,
    {
      schema: {
        tags,
        summary: 'Update the signed-in user (JSON or multipart `profile[...]`, with `profile[avatar]`)',
        body: UpdateProfileBodySchema,
        response,
      },
    },
    async (request, reply) => {
      const user = await updateProfile(userCtx(request), request.body, request.principal!.sessionId);
      // Sessions are looked up by uid (the email): after an email change the caller needs the new one to stay signed in.
      if (request.principal!.via === 'session') reply.header('uid', user.uid);
      return user;
    },
  );

  app.delete(`${base}/avatar`, { schema: { tags, summary: 'Remove the avatar', response } }, (request) => removeAvatar(userCtx(request)));

  app.post(
    `${base}/availability`,
    { schema: { tags, summary: 'Set the availability in one account', body: AvailabilityBodySchema, response } },
    (request) => setAvailability(userCtx(request), request.body),
  );

  app.post(
    `${base}/auto_offline`,
    { schema: { tags, summary: 'Turn auto-offline on or off in one account', body: AutoOfflineBodySchema, response } },
    (request) => setAutoOffline(userCtx(request), request.body),
  );

  app.put(
    `${base}/set_active_account`,
    { schema: { tags, summary: 'Switch the active account', body: SetActiveAccountBodySchema, response } },
    (request) => setActiveAccount(userCtx(request), request.body),
  );

  app.post(
    `${base}/resend_confirmation`,
    {
      // Each call may send a mail: limited per user like the other mail-sending auth routes.
      config: {
        rateLimit: {
          max,
          timeWindow: windowSeconds * 1000,
          keyGenerator: (request: FastifyRequest) => `resend_confirmation:${request.principal?.user.id ?? request.ip}`,
        },
      },
      schema: { tags, summary: 'Mail the confirmation link again (when unconfirmed)', response: { 200: ResendConfirmationResponseSchema } },
    },
    async (request) => {
      await resendConfirmation(userCtx(request));
      return {};
    },
  );

  app.post(
    `${base}/reset_access_token`,
    { schema: { tags, summary: 'Replace the API access token', response } },
    (request) => resetAccessToken(userCtx(request)),
  );
};
