import type { Db } from '@app/db';
import type { AccessToken } from '@app/shared/permissions';
import type { AccountRole } from '@app/shared/constants';
import type { Config } from '../plugins/config.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mailer.ts';
import type { Storage } from './storage.ts';
import type { EventBus } from './event-bus.ts';

/** What every service verb may use; built per request from the app's decorations. */
export type Services = {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  bus: EventBus;
};

export type RequestMeta = { ip: string | null; requestId: string | null; userAgent: string | null };

export type Actor = { id: number; name: string; email: string };

export type Ctx = Services & { meta: RequestMeta };
export type UserCtx = Ctx & { actor: Actor };

/** A request inside /accounts/:accountId, after plugins/access checked membership and permission. */
export type AccountCtx = UserCtx & {
  accountId: number;
  membership: { role: AccountRole; customRoleId: number | null; permissions: AccessToken[] };
};

/**
 * A context acting for the system inside one account: scheduled work and listeners (webhooks) that must
 * present what an event refers to, with no user behind them. `origin` names them in logs and audit.
 */
export function systemCtx(services: Services, accountId: number, origin: string): AccountCtx {
  return {
    ...services,
    meta: { ip: null, requestId: null, userAgent: origin },
    actor: { id: 0, name: 'System', email: '' },
    accountId,
    membership: { role: 'administrator', customRoleId: null, permissions: ['administrator'] },
  };
}
