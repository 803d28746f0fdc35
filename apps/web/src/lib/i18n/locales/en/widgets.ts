/** en strings of shared widgets (src/components). */
export const widgetsEn = {} as const satisfies Record<string, string>;
