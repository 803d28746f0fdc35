import { and, eq, sql } from 'drizzle-orm';
import { anyIntegerPlaceholder, preparedFor, schema, type Executor } from '@app/db';

const { users, accountUsers, contacts, agentBots } = schema;

/** A user sender's push fields; availability is the one of the message's account. */
export type UserSenderRow = { id: number; name: string; displayName: string | null; avatarKey: string | null; availability: string | null };
export type ContactSenderRow = Pick<
  typeof contacts.$inferSelect,
  'id' | 'name' | 'email' | 'phoneNumber' | 'identifier' | 'avatarKey' | 'blocked' | 'additionalAttributes' | 'customAttributes'
>;
export type BotSenderRow = { id: number; name: string; avatarKey: string | null };

/** A user sender's columns (the availability comes from the account's account_users row). */
export const userSender = {
  id: users.id,
  name: users.name,
  displayName: users.displayName,
  avatarKey: users.avatarKey,
};
export const contactSender = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phoneNumber: contacts.phoneNumber,
  identifier: contacts.identifier,
  avatarKey: contacts.avatarKey,
  blocked: contacts.blocked,
  additionalAttributes: contacts.additionalAttributes,
  customAttributes: contacts.customAttributes,
};

// The senders of a message's presentation, each one statement prepared once (rows.ts, findMessagesByIds).
export async function userSenders(db: Executor, accountId: number, ids: number[]): Promise<UserSenderRow[]> {
  if (ids.length === 0) return [];
  return preparedFor(db, 'user_senders', (on) =>
    on
      .select({ ...userSender, availability: accountUsers.availability })
      .from(users)
      .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, sql.placeholder('accountId'))))
      .where(anyIntegerPlaceholder(users.id)),
  ).execute({ accountId, ids });
}

export function contactSenders(db: Executor, accountId: number, ids: number[]): Promise<ContactSenderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return preparedFor(db, 'contact_senders', (on) =>
    on
      .select(contactSender)
      .from(contacts)
      .where(and(eq(contacts.accountId, sql.placeholder('accountId')), anyIntegerPlaceholder(contacts.id))),
  ).execute({ accountId, ids });
}

export function botSenders(db: Executor, ids: number[]): Promise<BotSenderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return preparedFor(db, 'bot_senders', (on) =>
    on.select({ id: agentBots.id, name: agentBots.name, avatarKey: agentBots.avatarKey }).from(agentBots).where(anyIntegerPlaceholder(agentBots.id)),
  ).execute({ ids });
}

export function findContactRow(db: Executor, accountId: number, contactId: number): Promise<ContactSenderRow | undefined> {
  return db
    .select(contactSender)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .limit(1)
    .then((rows) => rows[0]);
}
