import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns.ts';
import { accessTokenOwner, userTokenPurpose } from './enums.ts';
import { users } from './accounts.ts';

/** Dashboard sessions (devise_token_auth's client + access-token pair); the token is kept as a SHA-256 hash. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    remoteAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // every authenticated request finds its session by client id
    uniqueIndex('auth_tokens_client_key').on(t.client),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/**
 * API access tokens of users, agent bots and platform apps. Looked up by hash; the encrypted copy lets
 * the owner read their own token back in the profile (AES-256-GCM under SECRET_KEY_BASE).
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    ownerType: accessTokenOwner().notNull(),
    ownerId: integer().notNull(),
    tokenHash: text().notNull(),
    tokenEncrypted: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // api_access_token header lookup
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    uniqueIndex('access_tokens_owner_key').on(t.ownerType, t.ownerId),
  ],
);

/** One-time tokens mailed to a user: password reset, email confirmation, invitation. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurpose().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);
