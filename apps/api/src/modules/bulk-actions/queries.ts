import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { conversations } = schema;
export type ConversationRow = typeof conversations.$inferSelect;

/** The conversations with these display ids inside `scope` (a condition over conversations), locked for the change. */
export function lockConversations(tx: Executor, scope: SQL, displayIds: number[]): Promise<ConversationRow[]> {
  return tx.select().from(conversations).where(and(scope, inArray(conversations.displayId, displayIds))).orderBy(conversations.id).for('update');
}

export type ConversationValues = Pick<ConversationRow, 'id' | 'status' | 'snoozedUntil' | 'waitingSince' | 'assigneeId' | 'teamId' | 'labels'>;

/** One UPDATE for the whole set, from a JSON record set (each conversation with its new values). */
export async function updateConversations(tx: Executor, rows: ConversationValues[]): Promise<ConversationRow[]> {
  if (rows.length === 0) return [];
  const records = rows.map((r) => ({
    id: r.id,
    status: r.status,
    snoozed_until: r.snoozedUntil?.toISOString() ?? null,
    waiting_since: r.waitingSince?.toISOString() ?? null,
    assignee_id: r.assigneeId,
    team_id: r.teamId,
    labels: r.labels,
  }));
  await tx.execute(sql`
    update ${conversations} c set
      status = v.status::conversation_status,
      snoozed_until = v.snoozed_until,
      waiting_since = v.waiting_since,
      assignee_id = v.assignee_id,
      team_id = v.team_id,
      labels = array(select jsonb_array_elements_text(v.labels)),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as v(id int, status text, snoozed_until timestamptz, waiting_since timestamptz, assignee_id int, team_id int, labels jsonb)
    where c.id = v.id`);
  return tx.select().from(conversations).where(inArray(conversations.id, rows.map((r) => r.id))).orderBy(conversations.id);
}
