import type { ConversationSummary } from '@app/shared/payments';

export const SUMMARY_STATUSES = ['open', 'pending', 'snoozed', 'resolved'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];
export type StatusCounts = Record<SummaryStatus | 'total', number>;

export type AgentRow = StatusCounts & { key: string; agentId: number | null; name: string | null };

export const countsOf = (row: StatusCounts): StatusCounts => ({
  open: row.open,
  pending: row.pending,
  snoozed: row.snoozed,
  resolved: row.resolved,
  total: row.total,
});

const zero = (): StatusCounts => ({ open: 0, pending: 0, snoozed: 0, resolved: 0, total: 0 });

/** The sum of several rows' counts (the "All" row of the by-inbox table). */
export function sumCounts(rows: readonly StatusCounts[]): StatusCounts {
  const sum = zero();
  for (const row of rows) for (const key of [...SUMMARY_STATUSES, 'total'] as const) sum[key] += row[key];
  return sum;
}

/**
 * An inbox's agents for its table: busiest first (then by name), the unassigned conversations last, whatever
 * order the server answered in. Agents with no conversation in the period are not in the answer.
 */
export function agentRows(summary: ConversationSummary): AgentRow[] {
  const rows = summary.agents.map((agent) => ({ ...countsOf(agent), key: agent.agent_id === null ? 'unassigned' : `agent-${agent.agent_id}`, agentId: agent.agent_id, name: agent.name }));
  const assigned = rows.filter((row) => row.agentId !== null).sort((a, b) => b.total - a.total || (a.name ?? '').localeCompare(b.name ?? ''));
  return [...assigned, ...rows.filter((row) => row.agentId === null)];
}

/** Inboxes by name, as the picker and the by-inbox table list them. */
export const byInboxName = <T extends { inbox_name: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.inbox_name.localeCompare(b.inbox_name));
