import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { schema } from '@app/db';
import type { AccountRole } from '@app/shared/constants';
import type { SessionHeaders } from '@app/shared/auth';
import { hashPassword } from '../src/lib/passwords.ts';
import { randomToken } from '../src/lib/crypto.ts';
import { insertAccount, insertMembership } from '../src/modules/accounts/service.ts';
import { insertUser } from '../src/modules/users/service.ts';
import { createSession, readAccessToken } from '../src/modules/auth/tokens.ts';
import type { TestContext } from './helpers.ts';

export const PASSWORD = 'Correct-Horse-7';
let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomToken(3).toLowerCase()}`;

export async function createAccount(
  t: TestContext,
  values: { name?: string; status?: 'active' | 'suspended'; features?: Record<string, boolean>; limits?: Record<string, number> } = {},
) {
  const account = await insertAccount(t.db, { name: values.name ?? `Account ${unique()}` });
  if (values.status || values.features || values.limits) {
    const [row] = await t.db
      .update(schema.accounts)
      .set({ status: values.status, features: values.features, limits: values.limits })
      .where(eq(schema.accounts.id, account.id))
      .returning();
    return row!;
  }
  return account;
}

export async function createUser(
  t: TestContext,
  values: { email?: string; name?: string; password?: string | null; confirmed?: boolean; type?: 'SuperAdmin' | null } = {},
) {
  const password = values.password === undefined ? PASSWORD : values.password;
  return insertUser(t.db, t.config.secretKeyBase, {
    name: values.name ?? 'Test User',
    email: values.email ?? `user-${unique()}@example.com`,
    passwordHash: password === null ? null : await hashPassword(password),
    confirmed: values.confirmed ?? true,
    type: values.type ?? null,
  });
}

export type Member = {
  user: Awaited<ReturnType<typeof createUser>>;
  headers: SessionHeaders;
  token: string;
  accountId: number;
};

/** A user with a role in the account, signed in (session headers) and with their API token. */
export async function createMember(
  t: TestContext,
  accountId: number,
  role: AccountRole = 'administrator',
  values: Parameters<typeof createUser>[1] & { customRoleId?: number } = {},
): Promise<Member> {
  const user = await createUser(t, values);
  await insertMembership(t.db, { accountId, userId: user.id, role, customRoleId: values.customRoleId ?? null, active: true });
  const headers = await createSession(t.db, user, { ip: null, userAgent: 'vitest' });
  const token = await readAccessToken(t.db, t.config.secretKeyBase, user.id);
  return { user, headers, token, accountId };
}

/** A fresh account with a signed-in administrator: the usual starting point of a test. */
export async function createAccountWithAdmin(t: TestContext, values: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(t, values);
  const admin = await createMember(t, account.id, 'administrator');
  return { account, admin };
}

export async function countRows(t: TestContext, table: PgTable): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

/**
 * An inbox inserted directly (an API channel unless told otherwise), for tests of other resources.
 * Tests of inbox creation itself go through the API.
 */
export async function createInbox(
  t: TestContext,
  accountId: number,
  values: { name?: string; channelType?: (typeof schema.channelType.enumValues)[number]; members?: number[]; settings?: Record<string, unknown> } = {},
) {
  const [channel] = await t.db
    .insert(schema.channels)
    .values({ accountId, channelType: values.channelType ?? 'Channel::Api', identifier: `inbox-${unique()}`, ...(values.settings ? { settings: values.settings } : {}) })
    .returning();
  const [inbox] = await t.db
    .insert(schema.inboxes)
    .values({ accountId, channelId: channel!.id, name: values.name ?? `Inbox ${unique()}` })
    .returning();
  if (values.members?.length) {
    await t.db.insert(schema.inboxMembers).values(values.members.map((userId) => ({ accountId, inboxId: inbox!.id, userId })));
  }
  return inbox!;
}

export async function createContact(t: TestContext, accountId: number, values: Partial<typeof schema.contacts.$inferInsert> = {}) {
  const [contact] = await t.db
    .insert(schema.contacts)
    .values({ accountId, name: `Contact ${unique()}`, ...values })
    .returning();
  return contact!;
}

/** A conversation with the next display id of its account, and a contact (and contact inbox) made for it. */
export async function createConversation(
  t: TestContext,
  accountId: number,
  inboxId: number,
  values: Partial<Omit<typeof schema.conversations.$inferInsert, 'accountId' | 'inboxId' | 'displayId'>> = {},
) {
  const contactId = values.contactId ?? (await createContact(t, accountId)).id;
  const [contactInbox] = await t.db
    .insert(schema.contactInboxes)
    .values({ contactId, inboxId, sourceId: `source-${unique()}`, pubsubToken: randomToken(18) })
    .returning();
  const [counter] = await t.db
    .insert(schema.conversationDisplayIds)
    .values({ accountId, lastValue: 1 })
    .onConflictDoUpdate({ target: schema.conversationDisplayIds.accountId, set: { lastValue: sql`${schema.conversationDisplayIds.lastValue} + 1` } })
    .returning();
  const [conversation] = await t.db
    .insert(schema.conversations)
    .values({ accountId, inboxId, contactInboxId: contactInbox!.id, displayId: counter!.lastValue, ...values, contactId })
    .returning();
  return conversation!;
}
