import type { Executor } from '@app/db';
import type { Attachment, Message, MessageSender } from '@app/shared/messages';
import { concurrently } from '../../lib/concurrently.ts';
import type { AccountCtx } from '../../lib/context.ts';
import type { Storage } from '../../lib/storage.ts';
import { serializeContactPush } from '../contacts/service.ts';
import { attachmentsOf } from './queries/attachments.ts';
import { conversationRefs, type MessageRow } from './queries/rows.ts';
import { botSenders, contactSenders, userSenders } from './queries/senders.ts';
import { summaryPicks, type SummaryPick } from './queries/summaries.ts';
import { loadMessagesByIds } from './queries/window.ts';
import { serializeAttachment, serializeBotSender, serializeLoaded, serializeMessage, serializeUserSender } from './serializers.ts';

export type PresentCtx = Pick<AccountCtx, 'db' | 'accountId' | 'storage'>;

const idsOf = (rows: MessageRow[], type: MessageRow['senderType']) => [
  ...new Set(rows.filter((r) => r.senderType === type && r.senderId !== null).map((r) => r.senderId!)),
];

/**
 * Message rows as message objects: display ids, senders (users, contacts, bots) and attachments are
 * loaded in batch, one query per kind present, whatever the number of rows. Rows of other accounts
 * come out without sender or attachments, so pass only rows of ctx.accountId.
 */
export async function serializeMessages(ctx: PresentCtx, rows: MessageRow[]): Promise<Message[]> {
  if (rows.length === 0) return [];
  const url = ctx.storage.url;
  const [refs, files, users, contacts, bots] = await concurrently(
    ctx.db,
    () => conversationRefs(ctx.db, ctx.accountId, [...new Set(rows.map((r) => r.conversationId))]),
    () => attachmentsOf(ctx.db, ctx.accountId, rows.map((r) => r.id)),
    () => userSenders(ctx.db, ctx.accountId, idsOf(rows, 'User')),
    () => contactSenders(ctx.db, ctx.accountId, idsOf(rows, 'Contact')),
    () => botSenders(ctx.db, idsOf(rows, 'AgentBot')),
  );
  const displayIds = new Map(refs.map((r) => [r.id, r.displayId]));
  const senders = new Map<string, MessageSender>([
    ...users.map((u) => [`User:${u.id}`, serializeUserSender(u, url)] as const),
    ...contacts.map((c) => [`Contact:${c.id}`, serializeContactPush(c, url)] as const),
    ...bots.map((b) => [`AgentBot:${b.id}`, serializeBotSender(b, url)] as const),
  ]);
  const attachmentsByMessage = new Map<number, Attachment[]>();
  for (const file of files) {
    const list = attachmentsByMessage.get(file.messageId) ?? [];
    list.push(serializeAttachment(file, url));
    attachmentsByMessage.set(file.messageId, list);
  }
  return rows.map((row) =>
    serializeMessage(row, {
      conversationDisplayId: displayIds.get(row.conversationId) ?? 0,
      sender: row.senderType && row.senderId !== null ? (senders.get(`${row.senderType}:${row.senderId}`) ?? null) : null,
      attachments: attachmentsByMessage.get(row.id) ?? [],
    }),
  );
}

export type MessageSummary = { last: Message | null; lastNonActivity: Message | null; unreadCount: number };

/**
 * For a page of conversations (DB ids), the latest message, the latest non-activity message and the
 * unread count, in two queries whatever the page size: one statement picks the ids and counts
 * (LATERAL over the list), one loads those messages with senders and attachments. unreadCount counts
 * incoming, non-private messages created after agentLastSeenAt (all of them when never seen) and stops
 * at 100 (the badge shows 99+). Conversations of other accounts are left out of the map.
 *
 * `storage` builds attachment and avatar URLs; without it they are app-relative (`/uploads/<key>`).
 */
export async function messageSummaries(
  db: Executor,
  accountId: number,
  conversations: { id: number; agentLastSeenAt: Date | null }[],
  storage?: Pick<Storage, 'url'>,
): Promise<Map<number, MessageSummary>> {
  return summariesOfPicks(db, accountId, await summaryPicks(db, accountId, conversations), storage);
}

/**
 * The summaries of picks made elsewhere (the conversation list selects them with its page, saving the round trip
 * of summaryPicks): the picked messages are loaded in one prepared statement.
 */
export async function summariesOfPicks(db: Executor, accountId: number, picks: SummaryPick[], storage?: Pick<Storage, 'url'>): Promise<Map<number, MessageSummary>> {
  const ids = [...new Set(picks.flatMap((p) => [p.lastId, p.lastNonActivityId]).filter((id): id is number => id !== null))];
  const loaded = new Map((await loadMessagesByIds(db, accountId, ids)).map((m) => [m.message.id, m]));
  const url = storage?.url ?? ((key: string) => `/uploads/${key}`);
  const summaries = new Map<number, MessageSummary>();
  for (const pick of picks) {
    const present = (id: number | null) => {
      const found = id === null ? undefined : loaded.get(id);
      return found ? serializeLoaded(found, pick.displayId, url) : null;
    };
    const last = present(pick.lastId);
    const lastNonActivity = pick.lastNonActivityId === pick.lastId ? last : present(pick.lastNonActivityId);
    summaries.set(pick.conversationId, { last, lastNonActivity, unreadCount: pick.unreadCount });
  }
  return summaries;
}
