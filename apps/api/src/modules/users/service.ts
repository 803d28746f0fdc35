import { schema, type Executor } from '@app/db';
import type { CurrentUser } from '@app/shared/users';
import { hmacSha256, randomToken } from '../../lib/crypto.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { issueAccessToken, readAccessToken } from './access-tokens.ts';
import { findUserById, listInboxMemberships, listMemberships, type UserRow } from './queries.ts';
import { avatarUrl, serializeCurrentUser } from './serializers.ts';

export { findUserByEmail, findUserById, findMembership, listMemberships, touchActiveAccount, type UserRow } from './queries.ts';

/** Builds the current-user payload (sign-in, validate_token, profile). */
export async function currentUser(ctx: Pick<Ctx, 'db' | 'config' | 'storage'>, userId: number): Promise<CurrentUser> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const [memberships, inboxMemberships, accessToken] = await Promise.all([
    listMemberships(ctx.db, userId),
    listInboxMemberships(ctx.db, userId),
    readAccessToken(ctx.db, ctx.config.secretKeyBase, userId),
  ]);
  return serializeCurrentUser({
    user,
    memberships,
    inboxMemberships,
    accessToken,
    avatarUrl: avatarUrl(user, ctx.storage.url),
    hmacIdentifier: hmacSha256(ctx.config.secretKeyBase, `user-identity:${user.email}`),
  });
}

/** Inserts a user with a pubsub token and an API access token. */
export async function insertUser(
  db: Executor,
  secret: string,
  input: { name: string; email: string; passwordHash: string | null; confirmed: boolean; type?: 'SuperAdmin' | null },
): Promise<UserRow> {
  const [user] = await db
    .insert(schema.users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      passwordChangedAt: input.passwordHash ? new Date() : null,
      confirmedAt: input.confirmed ? new Date() : null,
      type: input.type ?? null,
      pubsubToken: randomToken(18),
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  await issueAccessToken(db, secret, user.id);
  return user;
}
