/** en strings of agents: list, invite, edit, remove (keys after Chatwoot's AGENT_MGMT). */
export const agentsEn = {} as const;
