import type { Agent } from '@app/shared/agents';
import type { InboxMember } from '@app/shared/inbox-members';
import type { MemberLists } from '../api.ts';

/** An agent's place in the inbox as the form edits it. */
export type MemberChoice = { member: boolean; leader: boolean; viewData: boolean };
export type MemberChoices = Record<number, MemberChoice>;

export const NOT_MEMBER: MemberChoice = { member: false, leader: false, viewData: false };

export function choicesOf(members: readonly InboxMember[]): MemberChoices {
  return Object.fromEntries(members.map((m) => [m.id, { member: true, leader: m.team_leader, viewData: m.view_data }]));
}

/**
 * The PATCH body: every member in user_ids, leaders and view-data members in their lists too. A flag
 * only counts for a member (unticking "member" drops the flags).
 */
export function listsOf(choices: MemberChoices): MemberLists {
  const members = Object.entries(choices)
    .filter(([, c]) => c.member)
    .map(([id, c]) => ({ id: Number(id), ...c }))
    .sort((a, b) => a.id - b.id);
  return {
    user_ids: members.map((m) => m.id),
    team_leader_ids: members.filter((m) => m.leader).map((m) => m.id),
    view_data_ids: members.filter((m) => m.viewData).map((m) => m.id),
  };
}

export const sameLists = (a: MemberLists, b: MemberLists) =>
  a.user_ids.join() === b.user_ids.join() && a.team_leader_ids.join() === b.team_leader_ids.join() && a.view_data_ids.join() === b.view_data_ids.join();

/** Agents whose name or email contains the query (case-insensitive); the members of `order` first, then by name. */
export function filterAgents(agents: readonly Agent[], query: string, order: MemberChoices): Agent[] {
  const q = query.trim().toLowerCase();
  return agents
    .filter((a) => !q || a.name.toLowerCase().includes(q) || a.email.toLowerCase().includes(q))
    .sort((a, b) => Number(order[b.id]?.member ?? false) - Number(order[a.id]?.member ?? false) || a.name.localeCompare(b.name));
}
