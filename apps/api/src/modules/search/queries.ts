import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { anyInteger, boundedIds, schema, type Executor } from '@app/db';
import { latestFirst, searchPageIds, type SearchMatching } from '../conversations/service.ts';

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

/** Messages a search collects and sorts; a q with more is common, and its messages are walked to newest first. */
export const FEW_MESSAGES = 2_000;

type Page = { limit: number; offset: number };

/**
 * The page of conversations a search matches (`matching`: conversations/queries.ts `searchMatching`) within `inScope`,
 * latest activity first: the page's ids first (searchPageIds), then what the results show for those alone (a first
 * name's 8,333 conversations were joined to their inboxes and contacts before the sort kept 5: 135-144 ms).
 */
export async function searchConversationPage(db: Executor, inScope: SQL, matching: SearchMatching, page: Page) {
  const ids = await searchPageIds(db, inScope, matching, page);
  return ids.length ? searchConversationRows(db, and(inScope, anyInteger(conversations.id, ids))!, { limit: page.limit, offset: 0 }) : [];
}

/** Conversations matching `where` (the scope and a search's ids in it), latest activity first, with what a result shows. */
function searchConversationRows(db: Executor, where: SQL, page: Page) {
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
    .orderBy(...latestFirst)
    .limit(page.limit)
    .offset(page.offset);
}
export type SearchConversationRow = Awaited<ReturnType<typeof searchConversationRows>>[number];

/**
 * Messages of the account containing q, in conversations matching `scope` (a condition over conversations), newest
 * first (by creation time, the id among equal times). The fast plan depends on how common q is, which Postgres cannot
 * tell: with a LIMIT it walked the newest-first index hoping to meet matches early, and for a name no message holds
 * read all 2,242,546 messages of the bench's account (2.1 s); collecting every match of a word every message holds
 * through the trigram index and sorting them took 1.5 s. So the matches' ids come first, FEW_MESSAGES + 1 at most
 * (boundedIds): with no more than FEW_MESSAGES the page is read from them and sorted; with more, q is common, and the
 * page is walked to along the account's messages by creation time (messages_account_created_idx). The walk used to
 * go along the primary key, which passes every other account's newer messages first: 237,336 of them on the bench
 * for a word in every message of its big account, 386-643 ms a page where the account's own index takes 47-71 ms
 * (docs/benchmarks.md, "Twenty-second session").
 */
export async function searchMessageRows(db: Executor, accountId: number, scope: SQL, q: string, page: Page, few = FEW_MESSAGES) {
  const matches = and(eq(messages.accountId, accountId), schema.messageContentMatches(messages.content, q), searchable);
  const ids = await boundedIds(db, sql`select ${messages.id} from ${messages} where ${matches}`, few + 1);
  if (ids.length === 0) return [];
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
    .where(and(ids.length <= few ? anyInteger(messages.id, ids) : matches, scope))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
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
