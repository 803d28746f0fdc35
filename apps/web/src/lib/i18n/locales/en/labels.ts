/** en strings of labels with the colour picker (keys after Chatwoot's LABEL_MGMT). */
export const labelsEn = {} as const;
