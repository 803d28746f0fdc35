import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { contacts, conversations, messages, inboxes, channels, users, agentBots } = schema;

/** Incoming and outgoing messages (private notes included); activity and template messages are not searched. */
const searchable = sql`${messages.messageType} in ('incoming', 'outgoing')`;

export type ContactRow = typeof contacts.$inferSelect;

/** The account's contacts whose name, email, phone number or identifier contains q (their trigram indexes). */
export function searchContactRows(db: Executor, accountId: number, q: string, limit: number, offset: number): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), schema.contactSearchMatches(contacts, schema.likePattern(q))))
    .orderBy(sql`${contacts.lastActivityAt} desc nulls last`, desc(contacts.id))
    .limit(limit)
    .offset(offset);
}

const inboxColumns = { id: inboxes.id, name: inboxes.name, channelType: channels.channelType };

/** Conversations matching `where` (scope and search already in it), latest activity first, with what a result shows. */
export function searchConversationRows(db: Executor, where: SQL, limit: number, offset: number) {
  return db
    .select({
      id: conversations.id,
      displayId: conversations.displayId,
      accountId: conversations.accountId,
      status: conversations.status,
      createdAt: conversations.createdAt,
      lastActivityAt: conversations.lastActivityAt,
      assigneeId: conversations.assigneeId,
      inbox: inboxColumns,
      contact: { id: contacts.id, name: contacts.name, email: contacts.email, phoneNumber: contacts.phoneNumber, identifier: contacts.identifier, avatarKey: contacts.avatarKey },
    })
    .from(conversations)
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(where)
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
    .limit(limit)
    .offset(offset);
}
export type SearchConversationRow = Awaited<ReturnType<typeof searchConversationRows>>[number];

/**
 * Messages of the account containing q, in conversations matching `scope` (a condition over conversations), newest
 * first. The trigram or digit index (schema.messageContentMatches) finds the candidates; the scope is checked on their conversation.
 */
export function searchMessageRows(db: Executor, accountId: number, scope: SQL, q: string, limit: number, offset: number) {
  return db
    .select({
      id: messages.id,
      content: messages.content,
      messageType: messages.messageType,
      private: messages.private,
      createdAt: messages.createdAt,
      senderType: messages.senderType,
      senderId: messages.senderId,
      displayId: conversations.displayId,
      inbox: inboxColumns,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(messages.accountId, accountId), schema.messageContentMatches(messages.content, q), searchable, scope))
    .orderBy(desc(messages.id))
    .limit(limit)
    .offset(offset);
}
export type SearchMessageRow = Awaited<ReturnType<typeof searchMessageRows>>[number];

/** The latest searchable message of each conversation, and the latest one containing q (for `matched`). */
export async function latestMessages(db: Executor, conversationIds: number[], q: string | null) {
  if (conversationIds.length === 0) return new Map<number, { id: number; content: string | null; createdAt: Date }>();
  const rows = await db
    .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, id: messages.id, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(and(inArray(messages.conversationId, conversationIds), searchable, q === null ? undefined : sql`${messages.content} ilike ${schema.likePattern(q)}`))
    .orderBy(messages.conversationId, desc(messages.id));
  return new Map(rows.map((r) => [r.conversationId, r]));
}

/** Names and avatars of the people behind messages and assignments. */
export async function people(db: Executor, ids: { users: number[]; contacts: number[]; bots: number[] }) {
  const none = Promise.resolve([] as { id: number; name: string; avatarKey: string | null }[]);
  const [u, c, b] = await Promise.all([
    ids.users.length ? db.select({ id: users.id, name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.name})`, avatarKey: users.avatarKey }).from(users).where(inArray(users.id, ids.users)) : none,
    ids.contacts.length ? db.select({ id: contacts.id, name: contacts.name, avatarKey: contacts.avatarKey }).from(contacts).where(inArray(contacts.id, ids.contacts)) : none,
    ids.bots.length ? db.select({ id: agentBots.id, name: agentBots.name, avatarKey: agentBots.avatarKey }).from(agentBots).where(inArray(agentBots.id, ids.bots)) : none,
  ]);
  const map = (rows: { id: number; name: string; avatarKey: string | null }[]) => new Map(rows.map((r) => [r.id, r]));
  return { users: map(u), contacts: map(c), bots: map(b) };
}
