/** en strings of the conversation workspace: lists, detail, reply editor, actions. */
export const conversationsEn = {} as const satisfies Record<string, string>;
