/** en strings of custom attributes (conversation and contact) (keys after Chatwoot's ATTRIBUTES_MGMT). */
export const customAttributesEn = {} as const;
