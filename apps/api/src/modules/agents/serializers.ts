import type { Agent } from '@app/shared/agents';
import type { AgentRow } from './queries.ts';

export function serializeAgent(row: AgentRow, url: (key: string) => string): Agent {
  return {
    id: row.userId,
    account_id: row.accountId,
    availability_status: row.availability,
    auto_offline: row.autoOffline,
    confirmed: row.confirmedAt !== null,
    email: row.email,
    available_name: row.displayName || row.name,
    name: row.name,
    role: row.role,
    thumbnail: row.avatarKey ? url(row.avatarKey) : '',
    custom_role_id: row.customRoleId,
    provider: 'email',
  };
}
