/** en strings of teams: list and the create/edit wizards (keys after Chatwoot's TEAMS_SETTINGS). */
export const teamsEn = {} as const;
