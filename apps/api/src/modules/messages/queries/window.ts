import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { byPosition, executeArrays, preparedFor, rawTimestamp, schema, type Executor } from '@app/db';
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

const MESSAGE_COLUMNS = [
  'id', 'account_id', 'inbox_id', 'conversation_id', 'content', 'content_type', 'content_attributes', 'message_type', 'private', 'status',
  'source_id', 'sender_type', 'sender_id', 'echo_id', 'additional_attributes', 'external_source_ids', 'created_at', 'updated_at',
] as const;
const ATTACHMENT_COLUMNS = [
  'id', 'account_id', 'message_id', 'file_type', 'storage_key', 'external_url', 'file_name', 'content_type', 'byte_size', 'coordinates_lat',
  'coordinates_long', 'fallback_title', 'meta', 'created_at',
] as const;
type Prefixed<P extends string, C extends readonly string[]> = { [K in C[number] as `${P}${K}`]: unknown };

/**
 * `messagesQuery` over a list of ids as one fixed text with flat, aliased columns, mapped by hand: the conversation
 * list loads its page's summary messages with it on every request, where drizzle's nested mapping of the ~50 columns
 * of a joined row was most of the load's CPU (docs/benchmarks.md, "List request CPU"). Same rows, same order.
 */
const SENDER_COLUMNS = [
  ['u.id', 'u_id'], ['u.name', 'u_name'], ['u.display_name', 'u_display_name'], ['u.avatar_key', 'u_avatar_key'], ['au.availability', 'u_availability'],
  ['ct.id', 'ct_id'], ['ct.name', 'ct_name'], ['ct.email', 'ct_email'], ['ct.phone_number', 'ct_phone_number'], ['ct.identifier', 'ct_identifier'],
  ['ct.avatar_key', 'ct_avatar_key'], ['ct.blocked', 'ct_blocked'], ['ct.additional_attributes', 'ct_additional_attributes'],
  ['ct.custom_attributes', 'ct_custom_attributes'], ['b.id', 'b_id'], ['b.name', 'b_name'], ['b.avatar_key', 'b_avatar_key'],
] as const;
const BY_IDS = `select ${[
  ...MESSAGE_COLUMNS.map((c) => `m.${c} as m_${c}`),
  ...ATTACHMENT_COLUMNS.map((c) => `a.${c} as a_${c}`),
  ...SENDER_COLUMNS.map(([column, alias]) => `${column} as ${alias}`),
].join(', ')}
  from "messages" m
  left join "attachments" a on a.message_id = m.id
  left join "users" u on m.sender_type = 'User' and u.id = m.sender_id
  left join "account_users" au on au.user_id = u.id and au.account_id = m.account_id
  left join "contacts" ct on m.sender_type = 'Contact' and ct.id = m.sender_id and ct.account_id = m.account_id
  left join "agent_bots" b on m.sender_type = 'AgentBot' and b.id = m.sender_id
  where m.account_id = $1 and m.id = any($2::integer[]) order by m.id asc, a.id asc`;

type ByIdsRow = Prefixed<'m_', typeof MESSAGE_COLUMNS> &
  Prefixed<'a_', typeof ATTACHMENT_COLUMNS> & {
    u_id: number | null;
    u_name: string | null;
    u_display_name: string | null;
    u_avatar_key: string | null;
    u_availability: string | null;
    ct_id: number | null;
    ct_name: string | null;
    ct_email: string | null;
    ct_phone_number: string | null;
    ct_identifier: string | null;
    ct_avatar_key: string | null;
    ct_blocked: boolean | null;
    ct_additional_attributes: unknown;
    ct_custom_attributes: unknown;
    b_id: number | null;
    b_name: string | null;
    b_avatar_key: string | null;
  };

/** Rows read as arrays (executeArrays), each column by its position in BY_IDS's select. */
const col = byPosition<ByIdsRow>([
  ...MESSAGE_COLUMNS.map((c) => `m_${c}` as const),
  ...ATTACHMENT_COLUMNS.map((c) => `a_${c}` as const),
  ...SENDER_COLUMNS.map(([, alias]) => alias),
]);

// the columns are typed unknown here (Prefixed); jsonb parsed by both drivers
const date = (value: unknown): Date => rawTimestamp(value as string | Date);
const json = (value: unknown): Record<string, unknown> => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : (value as Record<string, unknown>));

function messageOf(r: unknown[]): MessageRow {
  return {
    id: col(r, 'm_id') as number,
    accountId: col(r, 'm_account_id') as number,
    inboxId: col(r, 'm_inbox_id') as number,
    conversationId: col(r, 'm_conversation_id') as number,
    content: col(r, 'm_content') as string | null,
    contentType: col(r, 'm_content_type') as MessageRow['contentType'],
    contentAttributes: json(col(r, 'm_content_attributes')),
    messageType: col(r, 'm_message_type') as MessageRow['messageType'],
    private: col(r, 'm_private') as boolean,
    status: col(r, 'm_status') as MessageRow['status'],
    sourceId: col(r, 'm_source_id') as string | null,
    senderType: col(r, 'm_sender_type') as MessageRow['senderType'],
    senderId: col(r, 'm_sender_id') as number | null,
    echoId: col(r, 'm_echo_id') as string | null,
    additionalAttributes: json(col(r, 'm_additional_attributes')),
    externalSourceIds: json(col(r, 'm_external_source_ids')),
    createdAt: date(col(r, 'm_created_at')),
    updatedAt: date(col(r, 'm_updated_at')),
  };
}

function attachmentOf(r: unknown[]): AttachmentRow {
  return {
    id: col(r, 'a_id') as number,
    accountId: col(r, 'a_account_id') as number,
    messageId: col(r, 'a_message_id') as number,
    fileType: col(r, 'a_file_type') as AttachmentRow['fileType'],
    storageKey: col(r, 'a_storage_key') as string | null,
    externalUrl: col(r, 'a_external_url') as string | null,
    fileName: col(r, 'a_file_name') as string | null,
    contentType: col(r, 'a_content_type') as string | null,
    byteSize: col(r, 'a_byte_size') as number | null,
    coordinatesLat: col(r, 'a_coordinates_lat') as string | null,
    coordinatesLong: col(r, 'a_coordinates_long') as string | null,
    fallbackTitle: col(r, 'a_fallback_title') as string | null,
    meta: json(col(r, 'a_meta')),
    createdAt: date(col(r, 'a_created_at')),
  };
}

/** These messages of the account with senders and attachments, ascending by id. */
export async function loadMessagesByIds(db: Executor, accountId: number, ids: number[]): Promise<LoadedMessage[]> {
  if (ids.length === 0) return [];
  const rows = await executeArrays(db, { sql: BY_IDS, params: [accountId, ids] });
  const out: LoadedMessage[] = [];
  for (const r of rows) {
    let last = out[out.length - 1];
    if (!last || last.message.id !== col(r, 'm_id')) {
      const userId = col(r, 'u_id');
      const contactId = col(r, 'ct_id');
      const botId = col(r, 'b_id');
      last = {
        message: messageOf(r),
        attachments: [],
        user: userId !== null ? { id: userId, name: col(r, 'u_name')!, displayName: col(r, 'u_display_name'), avatarKey: col(r, 'u_avatar_key'), availability: col(r, 'u_availability') } : null,
        contact:
          contactId !== null
            ? {
                id: contactId,
                name: col(r, 'ct_name')!,
                email: col(r, 'ct_email'),
                phoneNumber: col(r, 'ct_phone_number'),
                identifier: col(r, 'ct_identifier'),
                avatarKey: col(r, 'ct_avatar_key'),
                blocked: col(r, 'ct_blocked')!,
                additionalAttributes: json(col(r, 'ct_additional_attributes')),
                customAttributes: json(col(r, 'ct_custom_attributes')),
              }
            : null,
        bot: botId !== null ? { id: botId, name: col(r, 'b_name')!, avatarKey: col(r, 'b_avatar_key') } : null,
      };
      out.push(last);
    }
    if (col(r, 'a_id') !== null) last.attachments.push(attachmentOf(r));
  }
  return out;
}
