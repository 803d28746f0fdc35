import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { INVITATION_LIFETIME_SECONDS, PASSWORD_RESET_LIFETIME_SECONDS } from '@app/shared/constants';
import type { SessionHeaders } from '@app/shared/auth';
import type { CurrentUser } from '@app/shared/users';
import { AppError } from '../../lib/app-error.ts';
import type { Ctx, UserCtx } from '../../lib/context.ts';
import { dummyVerify, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { currentUser, findUserByEmail, findUserById, listMemberships } from '../users/service.ts';
import { confirmationMail, passwordResetMail } from './mails.ts';
import { consumeOneTimeToken, createSession, deleteSession, hasSessions, issueOneTimeToken, revokeSessions, rotatePubsubToken } from './tokens.ts';

const INVALID_LOGIN = 'Invalid login credentials. Please try again.';

/** Records an account-less user event (sign-in, sign-out, password reset) in each of the user's accounts. */
async function auditUserEvent(ctx: Ctx, user: { id: number; name: string; email: string }, action: 'sign_in' | 'sign_out' | 'password_reset') {
  const memberships = await listMemberships(ctx.db, user.id);
  for (const m of memberships) {
    await recordAudit(ctx.db, { accountId: m.accountId, actor: user, action, auditableType: 'User', auditableId: user.id, meta: ctx.meta });
  }
}

export async function signIn(ctx: Ctx, input: { email: string; password: string }): Promise<{ headers: SessionHeaders; user: CurrentUser }> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await dummyVerify(input.password);
  if (!user || !ok) throw new AppError('invalid_credentials', INVALID_LOGIN);
  const headers = await createSession(ctx.db, user, ctx.meta);
  await auditUserEvent(ctx, user, 'sign_in');
  return { headers, user: await currentUser(ctx, user.id) };
}

/** Tells every open `/cable` subscription of the user, in each of their accounts, that it is signed out (it is then dropped). */
export async function signOutSockets(ctx: Pick<Ctx, 'db' | 'bus'>, userId: number): Promise<void> {
  for (const m of await listMemberships(ctx.db, userId)) ctx.bus.publish({ name: 'user:logout', accountId: m.accountId, userId, data: {} });
}

/** Ends the session; with the user's last one, their pubsub token too (and the sockets that used it). */
export async function signOut(ctx: UserCtx, sessionId: number | null): Promise<void> {
  if (sessionId) await deleteSession(ctx.db, sessionId);
  if (sessionId && !(await hasSessions(ctx.db, ctx.actor.id))) {
    await rotatePubsubToken(ctx.db, ctx.actor.id);
    await signOutSockets(ctx, ctx.actor.id);
  }
  await auditUserEvent(ctx, ctx.actor, 'sign_out');
}

const passwordEditUrl = (ctx: Ctx, token: string) =>
  `${ctx.config.frontendUrl}/app/auth/password/edit?reset_password_token=${encodeURIComponent(token)}`;

/** Mails a reset link when the email belongs to a user; answers the same either way. */
export async function requestPasswordReset(ctx: Ctx, input: { email: string }): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    ctx.log.info({ email: input.email }, 'password reset asked for an unknown email');
    return;
  }
  const token = await issueOneTimeToken(ctx.db, user.id, 'reset_password', PASSWORD_RESET_LIFETIME_SECONDS);
  // Neither waited for nor answered: a slow mail server or a failure would tell who has an account (by the
  // time or the answer). A failure is logged.
  void ctx.mailer
    .send(passwordResetMail(user, passwordEditUrl(ctx, token)))
    .catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'password reset mail failed'));
}

/**
 * Sets a new password from a mailed reset or invitation token. Every other session ends, the email
 * counts as confirmed (the link proved it), and the caller is signed in.
 */
export async function resetPassword(
  ctx: Ctx,
  input: { reset_password_token: string; password: string },
): Promise<{ headers: SessionHeaders; user: CurrentUser }> {
  const passwordHash = await hashPassword(input.password);
  const { user, headers } = await ctx.db.transaction(async (tx) => {
    const token = await consumeOneTimeToken(tx, input.reset_password_token, ['reset_password', 'invitation']);
    if (!token) {
      throw new AppError('validation_failed', 'Reset password token is invalid or has expired', {
        fields: { reset_password_token: ['is invalid or has expired'] },
      });
    }
    const found = await findUserById(tx, token.userId);
    if (!found) throw new AppError('validation_failed', 'Reset password token is invalid', { fields: { reset_password_token: ['is invalid'] } });
    await tx
      .update(schema.users)
      .set({ passwordHash, passwordChangedAt: new Date(), confirmedAt: found.confirmedAt ?? new Date() })
      .where(eq(schema.users.id, found.id));
    await revokeSessions(tx, found.id);
    await rotatePubsubToken(tx, found.id);
    return { user: found, headers: await createSession(tx, found, ctx.meta) };
  });
  await signOutSockets(ctx, user.id);
  await auditUserEvent(ctx, user, 'password_reset');
  return { headers, user: await currentUser(ctx, user.id) };
}

export async function sendConfirmation(ctx: Ctx, userId: number): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.confirmedAt) return;
  const token = await issueOneTimeToken(ctx.db, user.id, 'confirmation', INVITATION_LIFETIME_SECONDS);
  const url = `${ctx.config.frontendUrl}/auth/confirmation?confirmation_token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(confirmationMail(user, url));
}

/** Confirms an email address from the mailed link; false when the token is unknown, used or expired. */
export async function confirmEmail(ctx: Ctx, token: string): Promise<boolean> {
  const consumed = await consumeOneTimeToken(ctx.db, token, ['confirmation']);
  if (!consumed) return false;
  await ctx.db.update(schema.users).set({ confirmedAt: new Date() }).where(eq(schema.users.id, consumed.userId));
  return true;
}
