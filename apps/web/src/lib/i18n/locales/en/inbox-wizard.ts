/** en strings of the inbox creation wizard (keys after Chatwoot's INBOX_MGMT.ADD). */
export const inboxWizardEn = {} as const;
