/** en strings of profile settings. */
export const profileEn = {} as const satisfies Record<string, string>;
