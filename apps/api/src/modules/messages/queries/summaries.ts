import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, sqlInteger, type Executor } from '@app/db';

const { messages, conversations } = schema;

/** Unread counts stop at this many: the badge shows 99+ from 100 (000 section 4). */
export const UNREAD_COUNT_CAP = 100;

export type SummaryPick = { conversationId: number; displayId: number; lastId: number | null; lastNonActivityId: number | null; unreadCount: number };

/**
 * A conversation's summary pick as three scalar subqueries over its id and agent_last_seen_at: the latest message
 * id and the latest non-activity message id (index scans backwards on (conversation_id, id)), and the unread count,
 * capped at UNREAD_COUNT_CAP: incoming, non-private messages newer than agent_last_seen_at (001 section 4), a range of
 * messages_unread_idx (partial on exactly these literals), so it reads the unread messages' index entries alone. The
 * conversation list selects them with its page; summaryPicks over a list of ids.
 */
export function summaryPickColumns(id: SQL | AnyPgColumn, seen: SQL | AnyPgColumn) {
  return {
    lastId: sql<number | null>`(select m.id from ${messages} m where m.conversation_id = ${id} order by m.id desc limit 1)`,
    lastNonActivityId: sql<number | null>`(select m.id from ${messages} m where m.conversation_id = ${id} and m.message_type <> 'activity' order by m.id desc limit 1)`,
    unreadCount: sql<number>`(select count(*)::integer from (
        select 1 from ${messages} u
        where u.conversation_id = ${id} and u.message_type = 'incoming' and u.private = false
          and u.created_at > coalesce(${seen}, '-infinity')
        limit ${sqlInteger(UNREAD_COUNT_CAP)}
      ) unread)`.mapWith(Number),
  };
}

/** The summary picks of these conversations of the account (by database id), as of the given agent_last_seen_at. */
export async function summaryPicks(db: Executor, accountId: number, list: { id: number; agentLastSeenAt: Date | null }[]): Promise<SummaryPick[]> {
  if (list.length === 0) return [];
  const values = sql.join(
    list.map((c) => sql`(${c.id}::integer, ${c.agentLastSeenAt ? c.agentLastSeenAt.toISOString() : null}::timestamptz)`),
    sql`, `,
  );
  const { lastId, lastNonActivityId, unreadCount } = summaryPickColumns(sql`c.id`, sql`c.seen`);
  const result = await db.execute(sql`
    select c.id as conversation_id, cv.display_id, ${lastId} as last_id, ${lastNonActivityId} as non_activity_id, ${unreadCount} as unread_count
    from (values ${values}) as c(id, seen)
    join ${conversations} cv on cv.id = c.id and cv.account_id = ${accountId}`);
  // Both drivers (node-postgres and PGlite) answer raw statements as { rows }.
  const { rows } = result as unknown as {
    rows: { conversation_id: number; display_id: number; last_id: number | null; non_activity_id: number | null; unread_count: number }[];
  };
  return rows.map((r) => ({
    conversationId: r.conversation_id,
    displayId: r.display_id,
    lastId: r.last_id,
    lastNonActivityId: r.non_activity_id,
    unreadCount: Number(r.unread_count),
  }));
}
