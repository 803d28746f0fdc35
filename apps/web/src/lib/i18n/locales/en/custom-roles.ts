/** en strings of custom roles and their permission editor (keys after Chatwoot's CUSTOM_ROLE). */
export const customRolesEn = {} as const;
