/** What a withdraw issue needs of the conversation it is raised from: its display id and its inbox. */
export type IssueConversation = { id: number; inbox_id: number };
