/** en strings of general settings and billing (keys after Chatwoot's GENERAL_SETTINGS). */
export const accountSettingsEn = {} as const;
