import type { Team } from '@app/shared/teams';
import type { TeamRow } from './queries.ts';

export function serializeTeam(row: TeamRow, isMember: boolean): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    allow_auto_assign: row.allowAutoAssign,
    account_id: row.accountId,
    is_member: isMember,
  };
}
