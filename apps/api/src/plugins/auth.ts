import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { MembershipRow } from '../lib/membership.ts';
import { findSession, findUserByAccessToken, type FoundPrincipal, type SessionUser } from '../modules/auth/principal.ts';
import { isRecordId } from './id-params.ts';

export type AuthMode = 'none' | 'optional' | 'required';

export type Principal = {
  user: SessionUser;
  via: 'session' | 'access_token';
  /** The dashboard session in use, when signed in with the session headers. */
  sessionId: number | null;
  /** On an account route: the caller's membership of the account in the URL, read with them (plugins/access judges it). */
  account: { id: number; membership: MembershipRow | null } | null;
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

/** The account an account route names, when it is one a record could have (else plugins/access answers 404). */
export function routeAccountId(request: FastifyRequest): number | null {
  if (!request.routeOptions.config.access) return null;
  const raw = (request.params as Record<string, string | undefined>).accountId;
  return isRecordId(raw) ? Number(raw) : null;
}

function principal(found: FoundPrincipal, via: Principal['via'], accountId: number | null): Principal {
  const account = accountId === null ? null : { id: accountId, membership: found.membership };
  return { user: found.user, via, sessionId: found.sessionId, account };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Finds the caller: `api_access_token` (users; bots later) or the five devise_token_auth headers, and on an
 * account route their membership of that account in the same statement (one round trip, nothing cached).
 * Routes are closed by default; a route opts out with `config: { auth: 'none' | 'optional' }`.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('principal', null);

    app.addHook('onRequest', async (request) => {
      // Unknown routes answer 404 whoever asks.
      const mode = request.is404 ? 'none' : (request.routeOptions.config.auth ?? 'required');
      if (mode === 'none') return;

      const accountId = routeAccountId(request);
      const apiToken = header(request.headers['api_access_token']) ?? header(request.headers['api-access-token']);
      if (apiToken) {
        const found = await findUserByAccessToken(app.db, apiToken, accountId ?? 0);
        if (!found) throw new AppError('unauthorized', 'Invalid Access Token');
        request.principal = principal(found, 'access_token', accountId);
        return;
      }

      const token = header(request.headers['access-token']);
      const client = header(request.headers['client']);
      const uid = header(request.headers['uid']);
      if (token && client && uid) {
        const found = await findSession(app.db, { token, client, uid }, accountId ?? 0);
        if (found) {
          request.principal = principal(found, 'session', accountId);
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
