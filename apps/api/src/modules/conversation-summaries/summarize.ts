import { CONVERSATION_STATUSES, type ConversationStatus } from '@app/shared/constants';
import type { ConversationSummary } from '@app/shared/payments';
import type { SummaryCountRow } from './queries.ts';

type Counts = Record<ConversationStatus, number> & { total: number };
type AgentSummary = ConversationSummary['agents'][number];

const zero = (): Counts => ({ open: 0, pending: 0, resolved: 0, snoozed: 0, total: 0 });

function add(counts: Counts, status: ConversationStatus, n: number) {
  counts[status] += n;
  counts.total += n;
}

/** Agents by name, the unassigned last. */
const byName = (a: AgentSummary, b: AgentSummary) =>
  a.agent_id === null ? 1 : b.agent_id === null ? -1 : (a.name ?? '').localeCompare(b.name ?? '') || a.agent_id - b.agent_id;

/** Folds the grouped counts into one summary per inbox (in the rows' order), with its agents. */
export function summarize(rows: SummaryCountRow[]): ConversationSummary[] {
  const inboxes = new Map<number, { name: string; counts: Counts; agents: Map<number | null, AgentSummary> }>();
  for (const row of rows) {
    let inbox = inboxes.get(row.inboxId);
    if (!inbox) inboxes.set(row.inboxId, (inbox = { name: row.inboxName, counts: zero(), agents: new Map() }));
    if (row.status === null || !CONVERSATION_STATUSES.includes(row.status)) continue;
    let agent = inbox.agents.get(row.assigneeId);
    if (!agent) inbox.agents.set(row.assigneeId, (agent = { agent_id: row.assigneeId, name: row.assigneeId === null ? null : row.agentName, ...zero() }));
    add(inbox.counts, row.status, row.count);
    add(agent as AgentSummary & Counts, row.status, row.count);
  }
  return [...inboxes].map(([id, inbox]) => ({ inbox_id: id, inbox_name: inbox.name, ...inbox.counts, agents: [...inbox.agents.values()].sort(byName) }));
}
