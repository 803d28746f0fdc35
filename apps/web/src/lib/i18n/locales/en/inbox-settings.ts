/** en strings of inboxes: the list, the creation wizard per channel, add agents, finish and the inbox settings page (keys after Chatwoot's INBOX_MGMT). */
export const inboxSettingsEn = {} as const;
