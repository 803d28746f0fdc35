import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/crypto.ts';

const { accessTokens } = schema;

/** Gives a user a fresh API access token (replacing any earlier one) and returns it in clear once. */
export async function issueAccessToken(db: Executor, secret: string, userId: number): Promise<string> {
  const token = randomToken(24);
  await db
    .insert(accessTokens)
    .values({ ownerType: 'user', ownerId: userId, tokenHash: sha256(token), tokenEncrypted: encrypt(secret, token) })
    .onConflictDoUpdate({
      target: [accessTokens.ownerType, accessTokens.ownerId],
      set: { tokenHash: sha256(token), tokenEncrypted: encrypt(secret, token), createdAt: new Date() },
    });
  return token;
}

export async function readAccessToken(db: Executor, secret: string, userId: number): Promise<string> {
  const [row] = await db
    .select({ sealed: accessTokens.tokenEncrypted })
    .from(accessTokens)
    .where(and(eq(accessTokens.ownerType, 'user'), eq(accessTokens.ownerId, userId)));
  return row ? decrypt(secret, row.sealed) : issueAccessToken(db, secret, userId);
}
