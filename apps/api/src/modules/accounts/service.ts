import type { z } from 'zod';
import type { Executor } from '@app/db';
import type { CreateAccountBodySchema, UpdateAccountBodySchema } from '@app/shared/accounts';
import type { SessionHeaders } from '@app/shared/auth';
import type { CurrentUser } from '@app/shared/users';
import { AppError, forbidden, invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx, Ctx, UserCtx } from '../../lib/context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import { createSession } from '../auth/tokens.ts';
import { sendConfirmation } from '../auth/service.ts';
import { currentUser, findUserByEmail, findUserById, insertUser } from '../users/service.ts';
import { bumpCacheKeyRow, findAccount, insertAccount, insertMembership, memberOfAccountNamed, updateAccountRow, type AccountRow, type CacheKeyName } from './queries.ts';
import { cacheKeysOf, serializeAccount } from './serializers.ts';

export { insertAccount, insertMembership, type CacheKeyName } from './queries.ts';

type CreateInput = z.infer<typeof CreateAccountBodySchema>;
type UpdateInput = z.infer<typeof UpdateAccountBodySchema>;

const EXISTS_MESSAGE = 'An account with this name already exists';

/** A signed-in user creates another account and becomes its administrator; it becomes their active account. */
export async function createAccountForUser(ctx: UserCtx, input: CreateInput): Promise<CurrentUser> {
  const user = await findUserById(ctx.db, ctx.actor.id);
  if (!user) throw notFound();
  if (!ctx.config.createAccountFromDashboard && user.type !== 'SuperAdmin') throw forbidden();
  await ctx.db.transaction(async (tx) => {
    if (await memberOfAccountNamed(tx, user.id, input.account_name)) {
      throw new AppError('conflict', EXISTS_MESSAGE, { fields: { account_name: ['has already been taken'] } });
    }
    const account = await insertAccount(tx, { name: input.account_name, locale: input.locale });
    await insertMembership(tx, { accountId: account.id, userId: user.id, role: 'administrator', active: true });
    await recordAudit(tx, { accountId: account.id, actor: ctx.actor, action: 'create', auditableType: 'Account', auditableId: account.id, changes: { name: [null, account.name] }, meta: ctx.meta });
  });
  return currentUser(ctx, user.id);
}

/** Public sign-up (ENABLE_ACCOUNT_SIGNUP): a new user and account; 422 when the email is taken. */
export async function signUp(ctx: Ctx, input: CreateInput): Promise<{ headers: SessionHeaders; user: CurrentUser }> {
  if (!input.email) throw invalid('email', 'must not be blank');
  if (!input.password) throw invalid('password', 'must not be blank');
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const { user, headers } = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw new AppError('conflict', 'An account already exists for this email', { fields: { email: ['has already been taken'] } });
    }
    const user = await insertUser(tx, ctx.config.secretKeyBase, { name: input.user_full_name ?? email.split('@')[0]!, email, passwordHash, confirmed: false });
    const account = await insertAccount(tx, { name: input.account_name, locale: input.locale });
    await insertMembership(tx, { accountId: account.id, userId: user.id, role: 'administrator', active: true });
    const actor = { id: user.id, name: user.name, email: user.email };
    await recordAudit(tx, { accountId: account.id, actor, action: 'create', auditableType: 'Account', auditableId: account.id, changes: { name: [null, account.name] }, meta: ctx.meta });
    return { user, headers: await createSession(tx, user, ctx.meta) };
  });
  // The account exists now; a failed mail is logged and the user can ask for it again from the banner.
  await sendConfirmation(ctx, user.id).catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'confirmation mail failed'));
  return { headers, user: await currentUser(ctx, user.id) };
}

async function loadAccount(ctx: AccountCtx): Promise<AccountRow> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw notFound();
  return account;
}

export async function findAccountName(db: Executor, accountId: number): Promise<string> {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound();
  return account.name;
}

export async function getAccount(ctx: AccountCtx) {
  return serializeAccount(await loadAccount(ctx));
}

/** Administrators edit their account; suspending or re-activating it is for super admins only. */
export async function updateAccount(ctx: AccountCtx, input: UpdateInput) {
  const { auto_resolve_after, auto_resolve_message, auto_resolve_ignore_waiting, timezone, ...rest } = input;
  if (rest.status !== undefined) {
    const user = await findUserById(ctx.db, ctx.actor.id);
    if (user?.type !== 'SuperAdmin') throw forbidden();
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await findAccount(tx, ctx.accountId);
    if (!before) throw notFound();
    const settings = { ...before.settings };
    if (auto_resolve_after !== undefined) settings.auto_resolve_after = auto_resolve_after;
    if (auto_resolve_message !== undefined) settings.auto_resolve_message = auto_resolve_message;
    if (auto_resolve_ignore_waiting !== undefined) settings.auto_resolve_ignore_waiting = auto_resolve_ignore_waiting;
    if (timezone !== undefined) settings.timezone = timezone;
    const values = {
      name: rest.name,
      locale: rest.locale,
      domain: rest.domain,
      supportEmail: rest.support_email,
      status: rest.status,
      // features and custom attributes are merged key by key, never replaced wholesale
      features: rest.features ? { ...before.features, ...rest.features } : undefined,
      customAttributes: rest.custom_attributes ? { ...before.customAttributes, ...rest.custom_attributes } : undefined,
      settings,
    };
    const row = await updateAccountRow(tx, ctx.accountId, values);
    if (!row) throw notFound();
    const changes = changesBetween(before as unknown as Record<string, unknown>, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Account', auditableId: ctx.accountId, changes, meta: ctx.meta });
    }
    return row;
  });
  return serializeAccount(updated);
}

/**
 * Allowed counts come from the account's limits (absent: unlimited). Consumption is counted from the
 * conversation and inbox tables, which arrive with milestones 2 and 3; until then nothing is consumed.
 */
export async function getLimits(ctx: AccountCtx) {
  const account = await loadAccount(ctx);
  const allowed = (key: string) => account.limits[key] ?? null;
  return {
    id: account.id,
    limits: {
      conversation: { allowed: allowed('conversation'), consumed: 0 },
      non_web_inboxes: { allowed: allowed('non_web_inboxes'), consumed: 0 },
    },
  };
}

export async function getCacheKeys(ctx: AccountCtx) {
  return { cache_keys: cacheKeysOf(await loadAccount(ctx)) };
}

/**
 * Marks the account's label, inbox or team list as changed. Call it inside the transaction of the change,
 * then pass its answer to publishCacheInvalidated after the commit.
 */
export async function bumpCacheKey(db: Executor, accountId: number, key: CacheKeyName) {
  const keys = await bumpCacheKeyRow(db, accountId, key);
  if (!keys) throw notFound();
  return keys;
}

export function publishCacheInvalidated(ctx: Pick<Ctx, 'bus'>, accountId: number, keys: { label: number; inbox: number; team: number }) {
  ctx.bus.publish({ name: 'account.cache_invalidated', accountId, data: { cache_keys: keys } });
}

/**
 * After the commit of a change to what members may see with no list key moving (a member's role or custom role,
 * a custom role's permissions): `account.cache_invalidated` with the current keys makes every realtime hub re-read
 * its subscribers' access (docs/realtime.md "Scoping"); clients refetch only the current user.
 */
export async function announceAccessChanged(ctx: AccountCtx) {
  publishCacheInvalidated(ctx, ctx.accountId, (await getCacheKeys(ctx)).cache_keys);
}
