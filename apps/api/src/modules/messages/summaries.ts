// The conversation list's message summaries (the latest messages and the unread count of each conversation): a
// leaf of the messages module that the conversations module reads, importing nothing above messages.
export { messageSummaries, summariesOfPicks, type MessageSummary } from './present.ts';
export { UNREAD_COUNT_CAP, summaryPickColumns, type SummaryPick } from './queries/summaries.ts';
