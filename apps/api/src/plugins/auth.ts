import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { findSession, findUserByAccessToken, type SessionUser } from '../modules/auth/tokens.ts';

export type AuthMode = 'none' | 'optional' | 'required';

export type Principal = {
  user: SessionUser;
  via: 'session' | 'access_token';
  /** The dashboard session in use, when signed in with the session headers. */
  sessionId: number | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; routes without it require a signed-in user. */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Finds the caller: `api_access_token` (users; bots later) or the five devise_token_auth headers.
 * Routes are closed by default; a route opts out with `config: { auth: 'none' | 'optional' }`.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('principal', null);

    app.addHook('onRequest', async (request) => {
      // Unknown routes answer 404 whoever asks.
      const mode = request.is404 ? 'none' : (request.routeOptions.config.auth ?? 'required');
      if (mode === 'none') return;

      const apiToken = header(request.headers['api_access_token']) ?? header(request.headers['api-access-token']);
      if (apiToken) {
        const user = await findUserByAccessToken(app.db, apiToken);
        if (!user) throw new AppError('unauthorized', 'Invalid Access Token');
        request.principal = { user, via: 'access_token', sessionId: null };
        return;
      }

      const token = header(request.headers['access-token']);
      const client = header(request.headers['client']);
      const uid = header(request.headers['uid']);
      if (token && client && uid) {
        const session = await findSession(app.db, { token, client, uid });
        if (session) {
          request.principal = { user: session.user, via: 'session', sessionId: session.sessionId };
          return;
        }
      }
      if (mode === 'required') {
        throw new AppError('unauthorized', 'You need to sign in or sign up before continuing.');
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
