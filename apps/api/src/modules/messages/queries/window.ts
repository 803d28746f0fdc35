import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { preparedFor, schema, type Executor } from '@app/db';
import type { AttachmentRow, MessageRow } from './rows.ts';
import { contactSender, userSender, type BotSenderRow, type ContactSenderRow, type UserSenderRow } from './senders.ts';

const { messages, attachments, users, accountUsers, contacts, agentBots } = schema;

export type MessageWindow = { before?: number | undefined; after?: number | undefined };
type WindowKind = 'latest' | 'before' | 'after' | 'between';

/**
 * The ids of one window of a conversation's messages (Chatwoot's MessageFinder), on the
 * (conversation_id, id) index: latest 20; 20 before an id; up to 100 after an id; between
 * (after inclusive, before exclusive), up to 1000.
 */
function windowIds(db: Executor, kind: WindowKind) {
  // Only the conversation: with account_id here too, a planner with stale statistics ANDs in the
  // (account_id, created_at) index and reads the whole conversation. The outer query checks the account.
  const own = eq(messages.conversationId, sql.placeholder('conversationId'));
  const ids = db.select({ id: messages.id }).from(messages);
  const before = lt(messages.id, sql.placeholder('before'));
  switch (kind) {
    case 'between':
      return ids.where(and(own, gte(messages.id, sql.placeholder('after')), before)).orderBy(asc(messages.id)).limit(1000);
    case 'after':
      return ids.where(and(own, gt(messages.id, sql.placeholder('after')))).orderBy(asc(messages.id)).limit(100);
    case 'before':
      return ids.where(and(own, before)).orderBy(desc(messages.id)).limit(20);
    case 'latest':
      return ids.where(own).orderBy(desc(messages.id)).limit(20);
  }
}

export type LoadedMessage = {
  message: MessageRow;
  attachments: AttachmentRow[];
  user: UserSenderRow | null;
  contact: ContactSenderRow | null;
  bot: BotSenderRow | null;
};

/** Messages (those `which` picks) with their senders and attachments in one query, a row per attachment. */
function messagesQuery(db: Executor, which: SQL | undefined) {
  return db
    .select({
      message: messages,
      attachment: attachments,
      user: userSender,
      availability: accountUsers.availability,
      contact: contactSender,
      bot: { id: agentBots.id, name: agentBots.name, avatarKey: agentBots.avatarKey },
    })
    .from(messages)
    .leftJoin(attachments, eq(attachments.messageId, messages.id))
    .leftJoin(users, and(eq(messages.senderType, 'User'), eq(users.id, messages.senderId)))
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, messages.accountId)))
    .leftJoin(contacts, and(eq(messages.senderType, 'Contact'), eq(contacts.id, messages.senderId), eq(contacts.accountId, messages.accountId)))
    .leftJoin(agentBots, and(eq(messages.senderType, 'AgentBot'), eq(agentBots.id, messages.senderId)))
    .where(and(eq(messages.accountId, sql.placeholder('accountId')), which))
    .orderBy(asc(messages.id), asc(attachments.id));
}

/** Runs a messages query, as a named prepared statement on the database itself (built once, planned once per connection). */
async function loadMessages(db: Executor, name: string, which: (db: Executor) => SQL, params: Record<string, unknown>): Promise<LoadedMessage[]> {
  const rows = await preparedFor(db, name, (on) => messagesQuery(on, which(on))).execute(params);
  const out: LoadedMessage[] = [];
  for (const row of rows) {
    let last = out[out.length - 1];
    if (!last || last.message.id !== row.message.id) {
      last = {
        message: row.message,
        attachments: [],
        user: row.user?.id != null ? { ...row.user, availability: row.availability } : null,
        contact: row.contact?.id != null ? row.contact : null,
        bot: row.bot?.id != null ? row.bot : null,
      };
      out.push(last);
    }
    if (row.attachment) last.attachments.push(row.attachment);
  }
  return out;
}

/** One window of a conversation's messages with senders and attachments, ascending by id. */
export function loadMessageWindow(db: Executor, accountId: number, conversationId: number, window: MessageWindow): Promise<LoadedMessage[]> {
  const kind: WindowKind =
    window.before !== undefined && window.after !== undefined ? 'between' : window.after !== undefined ? 'after' : window.before !== undefined ? 'before' : 'latest';
  return loadMessages(db, `messages_window_${kind}`, (on) => inArray(messages.id, windowIds(on, kind)), {
    accountId,
    conversationId,
    before: window.before ?? null,
    after: window.after ?? null,
  });
}

/** These messages of the account with senders and attachments, ascending by id. */
export function loadMessagesByIds(db: Executor, accountId: number, ids: number[]): Promise<LoadedMessage[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return loadMessages(db, 'messages_by_ids', () => sql`${messages.id} = any(${sql.placeholder('ids')}::integer[])`, { accountId, ids });
}
