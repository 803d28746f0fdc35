// The payment-OCR feature's public surface: lazy components only, so importing it costs the workspace nothing.
export { LazyOcrPanel, LazyWithdrawIssueDialog } from './lazy.tsx';
export type { IssueConversation } from './types.ts';
