import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { resolveFeatures } from '@app/shared/accounts';
import type { FeatureFlag } from '@app/shared/constants';
import { canAccess, type RouteName } from '@app/shared/permissions';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error.ts';
import { checkMembership } from '../lib/membership.ts';
import { routeAccountId } from './auth.ts';
import type { AccountCtx, Ctx, UserCtx } from '../lib/context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Entry of ROUTE_ACCESS that guards this account route. */
    access?: RouteName;
    /** Feature flag that must be on for the account. */
    feature?: FeatureFlag;
  }
  interface FastifyRequest {
    accountAccess: AccountCtx['membership'] & { accountId: number } | null;
  }
}

/**
 * Tenancy and permission for every route under /api/v1/accounts/:accountId: the caller must be a
 * member of that account (else 404, so foreign accounts are not even confirmed to exist), the account
 * must be active, the route's feature on, and the member's role or custom-role permission allowed.
 * Runs before body validation, so a caller without access learns nothing from a 422.
 */
export const accessPlugin = fp(
  async (app) => {
    app.decorateRequest('accountAccess', null);

    app.addHook('onRoute', (route) => {
      if (route.url.includes(':accountId') && !route.config?.access) {
        throw new Error(`account route ${route.method} ${route.url} declares no access entry`);
      }
    });

    app.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      const principal = request.principal;
      if (!principal) throw unauthorized();
      const accountId = routeAccountId(request);
      if (accountId === null) throw notFound();
      // plugins/auth read the membership with the caller, in the same statement
      if (principal.account?.id !== accountId) throw new Error('the principal of an account route comes without its membership');
      const membership = checkMembership(principal.account.membership, accountId, principal.user);
      const feature = request.routeOptions.config.feature;
      if (feature && !resolveFeatures(membership.features)[feature]) {
        throw new AppError('feature_disabled', `The ${feature} feature is not enabled for this account.`, {
          extra: { error_code: 'feature_disabled' },
        });
      }
      if (!canAccess(membership.permissions, access)) throw forbidden();
      const { role, customRoleId, permissions } = membership;
      request.accountAccess = { accountId, role, customRoleId, permissions };
    });
  },
  { name: 'access', dependencies: ['auth'] },
);

export function ctx(request: FastifyRequest): Ctx {
  const app = request.server;
  return {
    db: app.db,
    config: app.config,
    log: request.log,
    mailer: app.mailer,
    storage: app.storage,
    bus: app.bus,
    meta: { ip: request.ip ?? null, requestId: request.id, userAgent: request.headers['user-agent'] ?? null },
  };
}

export function userCtx(request: FastifyRequest): UserCtx {
  if (!request.principal) throw unauthorized();
  const { id, name, email } = request.principal.user;
  return { ...ctx(request), actor: { id, name, email } };
}

export function accountCtx(request: FastifyRequest): AccountCtx {
  const access = request.accountAccess;
  if (!access) throw new Error('accountCtx() used on a route without an access entry');
  const { accountId, ...membership } = access;
  return { ...userCtx(request), accountId, membership };
}
