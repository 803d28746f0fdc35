import type { AutoOfflineBody, AvailabilityBody, SetActiveAccountBody, UpdateProfileBody } from '@app/shared/profile';
import type { CurrentUser } from '@app/shared/users';
import { invalid, notFound } from '../../lib/app-error.ts';
import { avatarExtension } from '../../lib/images.ts';
import type { UserCtx } from '../../lib/context.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { sendConfirmation, signOutSockets } from '../auth/service.ts';
import { issueAccessToken, revokeSessions, rotatePubsubToken } from '../auth/tokens.ts';
import { currentUser, findMembership, findUserByEmail, findUserById, touchActiveAccount, type UserRow } from '../users/service.ts';
import { lockUser, updateMembershipRow, updateUserRow, type UserChanges } from './queries.ts';

// Profile changes belong to the user, not to any one account: Chatwoot's audit log is per account and
// does not record them, so these verbs write no audit rows (sign-in, sign-out and password resets are
// the user events the audit log shows; modules/auth records those in each of the user's accounts).


async function removeFile(ctx: UserCtx, key: string): Promise<void> {
  try {
    await ctx.storage.remove(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not remove a replaced avatar file');
  }
}

/** The signed-in user's current-user payload. */
export function getProfile(ctx: UserCtx): Promise<CurrentUser> {
  return currentUser(ctx, ctx.actor.id);
}

/** Checks the input against the stored user and turns it into column values; writes nothing. */
async function profileChanges(ctx: UserCtx, user: UserRow, input: UpdateProfileBody) {
  const values: UserChanges = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.display_name !== undefined) values.displayName = input.display_name;
  if (input.message_signature !== undefined) values.messageSignature = input.message_signature;
  if (input.phone_number !== undefined) values.phoneNumber = input.phone_number;

  const emailChanged = input.email !== undefined && input.email !== user.email.toLowerCase();
  if (input.email !== undefined && emailChanged) {
    const holder = await findUserByEmail(ctx.db, input.email);
    if (holder && holder.id !== user.id) throw invalid('email', 'has already been taken');
    // The email is where password resets go: a stolen session alone must not be able to move it.
    if (!(await verifyPassword(user.passwordHash, input.current_password ?? ''))) throw invalid('current_password', 'is incorrect');
    values.email = input.email;
    values.confirmedAt = null;
  }

  if (input.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, input.current_password ?? ''))) throw invalid('current_password', 'is incorrect');
    values.passwordHash = await hashPassword(input.password);
    values.passwordChangedAt = new Date();
  }

  const avatar = input.avatar ? { data: input.avatar.data, extension: await avatarExtension(input.avatar.data) } : null;
  return { values, emailChanged, avatar };
}

/**
 * Updates the signed-in user. Everything is checked before anything is written. A new password or email
 * needs the current password; a new password ends every other session (`keepSessionId` is the caller's own)
 * and retires the `/cable` token, which signs out every socket but the caller's session's; a new email makes
 * the user unconfirmed and mails a confirmation link; ui_settings are merged key by key.
 */
export async function updateProfile(ctx: UserCtx, input: UpdateProfileBody, keepSessionId: number | null): Promise<CurrentUser> {
  const user = await findUserById(ctx.db, ctx.actor.id);
  if (!user) throw notFound();
  const { values, emailChanged, avatar } = await profileChanges(ctx, user, input);

  const newAvatarKey = avatar ? await ctx.storage.put({ folder: 'avatars', ...avatar }) : null;
  if (newAvatarKey) values.avatarKey = newAvatarKey;
  if (Object.keys(values).length > 0 || input.ui_settings) {
    let previousAvatarKey: string | null;
    try {
      previousAvatarKey = await ctx.db.transaction(async (tx) => {
        const locked = await lockUser(tx, user.id);
        if (!locked) throw notFound();
        await updateUserRow(tx, user.id, values, input.ui_settings);
        if (values.passwordHash) {
          await revokeSessions(tx, user.id, keepSessionId ?? undefined);
          await rotatePubsubToken(tx, user.id);
        }
        return locked.avatarKey;
      });
    } catch (error) {
      if (newAvatarKey) await removeFile(ctx, newAvatarKey);
      // Another user took the email between the check above and the write.
      if (isUniqueViolation(error)) throw invalid('email', 'has already been taken');
      throw error;
    }
    if (newAvatarKey && previousAvatarKey) await removeFile(ctx, previousAvatarKey);
  }
  if (values.passwordHash) await signOutSockets(ctx, user.id);
  if (emailChanged) {
    // The change is saved; a failed mail must not answer as if it were not (the user can ask for a resend).
    await sendConfirmation(ctx, user.id).catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'confirmation mail failed'));
  }
  return currentUser(ctx, user.id);
}

/** Removes the avatar file and key; answers the user either way. */
export async function removeAvatar(ctx: UserCtx): Promise<CurrentUser> {
  const removed = await ctx.db.transaction(async (tx) => {
    const locked = await lockUser(tx, ctx.actor.id);
    if (!locked) throw notFound();
    if (locked.avatarKey) await updateUserRow(tx, ctx.actor.id, { avatarKey: null });
    return locked.avatarKey;
  });
  if (removed) await removeFile(ctx, removed);
  return currentUser(ctx, ctx.actor.id);
}

/** Sets the user's availability in one of their accounts; 404 for an account they are not a member of. */
export async function setAvailability(ctx: UserCtx, input: AvailabilityBody): Promise<CurrentUser> {
  const row = await updateMembershipRow(ctx.db, ctx.actor.id, input.account_id, { availability: input.availability });
  if (!row) throw notFound();
  return currentUser(ctx, ctx.actor.id);
}

/** Sets whether the user goes offline automatically in one of their accounts. */
export async function setAutoOffline(ctx: UserCtx, input: AutoOfflineBody): Promise<CurrentUser> {
  const row = await updateMembershipRow(ctx.db, ctx.actor.id, input.account_id, { autoOffline: input.auto_offline });
  if (!row) throw notFound();
  return currentUser(ctx, ctx.actor.id);
}

/** Makes one of the user's accounts the active one (the payload's account_id, role and permissions). */
export async function setActiveAccount(ctx: UserCtx, input: SetActiveAccountBody): Promise<CurrentUser> {
  if (!(await findMembership(ctx.db, input.account_id, ctx.actor.id))) throw notFound();
  await touchActiveAccount(ctx.db, input.account_id, ctx.actor.id);
  return currentUser(ctx, ctx.actor.id);
}

/** Mails the confirmation link again when the user is still unconfirmed; does nothing otherwise. */
export async function resendConfirmation(ctx: UserCtx): Promise<void> {
  await sendConfirmation(ctx, ctx.actor.id);
}

/**
 * Replaces the user's API access token: the old one stops working at once. Whoever held it could read the
 * `/cable` token from the profile, so that is replaced too and the sockets outside a live session signed out.
 */
export async function resetAccessToken(ctx: UserCtx): Promise<CurrentUser> {
  await ctx.db.transaction(async (tx) => {
    await issueAccessToken(tx, ctx.config.secretKeyBase, ctx.actor.id);
    await rotatePubsubToken(tx, ctx.actor.id);
  });
  await signOutSockets(ctx, ctx.actor.id);
  return currentUser(ctx, ctx.actor.id);
}
