import type { AgentBot } from '@app/shared/agent-bots';
import type { AgentBotRow } from './queries.ts';

/** The wire shape; `accessToken` is passed only when the caller may see it (account bots, administrators). */
export function serializeAgentBot(row: AgentBotRow, url: (key: string) => string, accessToken?: string): AgentBot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.avatarKey ? url(row.avatarKey) : '',
    outgoing_url: row.outgoingUrl,
    bot_type: row.botType,
    bot_config: row.botConfig,
    account_id: row.accountId,
    ...(accessToken === undefined ? {} : { access_token: accessToken }),
    system_bot: row.accountId === null,
  };
}
