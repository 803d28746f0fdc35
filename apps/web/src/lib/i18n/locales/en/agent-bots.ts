/** en strings of agent bots: list, create, edit, token (keys after Chatwoot's AGENT_BOTS). */
export const agentBotsEn = {} as const;
