import type { Agent } from '@app/shared/agents';

/** Who can be put in a team: every member but checkers (a checker reviews inboxes and does not load teams). */
export const teamCandidates = (agents: readonly Agent[]) => agents.filter((agent) => agent.role !== 'checker');

/** Case-insensitive match of the search text in the name or the email; empty text keeps everyone. */
export function filterAgents(agents: readonly Agent[], query: string): Agent[] {
  const text = query.trim().toLowerCase();
  if (!text) return [...agents];
  return agents.filter((agent) => agent.name.toLowerCase().includes(text) || agent.email.toLowerCase().includes(text));
}

export type SelectAllState = 'all' | 'some' | 'none';

/** The select-all box of the shown rows: checked when all of them are selected, mixed when some are. */
export function selectAllState(selected: ReadonlySet<number>, shownIds: readonly number[]): SelectAllState {
  const count = shownIds.filter((id) => selected.has(id)).length;
  if (shownIds.length === 0 || count === 0) return 'none';
  return count === shownIds.length ? 'all' : 'some';
}

/** Select-all: with every shown row selected it clears them, otherwise it selects them; rows hidden by the search keep their state. */
export function toggleAll(selected: ReadonlySet<number>, shownIds: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (selectAllState(selected, shownIds) === 'all') shownIds.forEach((id) => next.delete(id));
  else shownIds.forEach((id) => next.add(id));
  return next;
}

export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
