import type { Notification } from '@app/shared/notifications';
import type { AccountCtx } from '../../lib/context.ts';
import { presentConversationsByIds } from '../conversations/service.ts';
import { serializeMessages } from '../messages/service.ts';
import { inboxNames, messageRows, userRows, type NotificationRow } from './queries.ts';
import { serializeNotification, serializeUserPush } from './serializers.ts';

const distinct = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/**
 * Notification rows of one account as notification objects: the conversations, messages, users and inbox
 * names they refer to are loaded in a fixed number of queries, whatever the page's size.
 */
export async function presentNotifications(ctx: AccountCtx, rows: NotificationRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const conversations = await presentConversationsByIds(ctx, distinct(rows.map((r) => r.primaryActorId)));

  const messageIds = distinct(rows.map((r) => (r.secondaryActorType === 'Message' ? r.secondaryActorId : null)));
  const userIds = distinct([...rows.map((r) => r.userId), ...rows.map((r) => (r.secondaryActorType === 'User' ? r.secondaryActorId : null))]);
  const inboxIds = distinct([...conversations.values()].map((c) => c?.inbox_id ?? null));
  const [messages, users, inboxes] = await Promise.all([
    messageRows(ctx.db, ctx.accountId, messageIds).then((found) => serializeMessages(ctx, found)),
    userRows(ctx.db, ctx.accountId, userIds),
    inboxNames(ctx.db, ctx.accountId, inboxIds),
  ]);
  const url = (key: string) => ctx.storage.url(key);
  const messageById = new Map(messages.map((m) => [m.id, m]));
  const userById = new Map(users.map((u) => [u.id, serializeUserPush(u, url)]));

  const out: Notification[] = [];
  for (const row of rows) {
    const conversation = conversations.get(row.primaryActorId);
    const user = userById.get(row.userId);
    if (!conversation || !user) continue;
    const secondaryId = row.secondaryActorId;
    const secondaryActor =
      secondaryId === null ? null : row.secondaryActorType === 'Message' ? (messageById.get(secondaryId) ?? null) : (userById.get(secondaryId) ?? null);
    out.push(serializeNotification(row, { conversation, inboxName: inboxes.get(conversation.inbox_id) ?? '', secondaryActor, user }));
  }
  return out;
}
