/** en strings of canned responses (keys after Chatwoot's CANNED_MGMT). */
export const cannedResponsesEn = {} as const;
