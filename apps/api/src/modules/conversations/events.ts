import type { CONVERSATION_EVENTS } from '@app/shared/events';
import type { AccountCtx } from '../../lib/context.ts';
import type { ConversationRow } from './queries.ts';
import { presentConversationById, presentConversationsByIds } from './service.ts';

type ConversationEventName = (typeof CONVERSATION_EVENTS)[number];

/**
 * After a commit: each event carries the conversation as clients show it (Chatwoot's push payload),
 * built once however many events the change raised. Scoped to the conversation's inbox.
 */
export async function publishConversationEvents(ctx: AccountCtx, row: ConversationRow, names: ConversationEventName[], before?: ConversationRow) {
  if (names.length === 0) return;
  const presented = await presentConversationById(ctx, row.id);
  const changed = before ? changedAttributes(before, row) : undefined;
  const data = changed ? { ...presented, changed_attributes: changed } : presented;
  for (const name of names) ctx.bus.publish({ name, accountId: row.accountId, inboxId: row.inboxId, data });
}

/** The attributes the tab counts and list filters depend on: a client moves a conversation between them. */
const COUNTED = { status: 'status', assigneeId: 'assignee_id', teamId: 'team_id', inboxId: 'inbox_id', priority: 'priority', labels: 'labels' } as const;

/**
 * What a change did to the attributes lists count by, `{assignee_id: {previous_value, current_value}}`
 * (Chatwoot's changed_attributes shape): with it a client updates its tab counts from the event itself
 * instead of refetching `meta` on every event. Undefined when none of them changed.
 */
export function changedAttributes(before: ConversationRow, after: ConversationRow): ChangedAttributes | undefined {
  const changed: ChangedAttributes = {};
  for (const [column, key] of Object.entries(COUNTED) as [keyof typeof COUNTED, string][]) {
    const previous = before[column];
    const current = after[column];
    if (JSON.stringify(previous) !== JSON.stringify(current)) changed[key] = { previous_value: previous ?? null, current_value: current ?? null };
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

/** One event per conversation for a batch (bulk work), presented in a fixed number of queries. */
export async function publishConversationsEvent(ctx: AccountCtx, ids: number[], name: ConversationEventName, changes?: Map<number, ChangedAttributes>) {
  if (ids.length === 0) return;
  for (const [id, payload] of await presentConversationsByIds(ctx, ids)) {
    const changed = changes?.get(id);
    const data = changed ? { ...payload, changed_attributes: changed } : payload;
    ctx.bus.publish({ name, accountId: ctx.accountId, inboxId: payload.inbox_id, data });
  }
}

export type ChangedAttributes = Record<string, { previous_value: unknown; current_value: unknown }>;
