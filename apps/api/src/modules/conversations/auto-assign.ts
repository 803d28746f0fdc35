import type { Executor } from '@app/db';
import { autoAssignCandidates, updateConversationRow, type ConversationRow } from './queries.ts';

/**
 * Round robin over the inbox's online members (of a team, when given): the one holding the fewest open
 * conversations of the inbox, and among equals the one who waited longest since their last one.
 * Answers the new assignee, or null when nobody is online.
 */
export async function autoAssign(tx: Executor, conversation: ConversationRow, teamId: number | null = null): Promise<number | null> {
  const candidates = await autoAssignCandidates(tx, conversation.accountId, conversation.inboxId, teamId);
  if (candidates.length === 0) return null;
  const waited = (at: Date | string | null) => (at ? new Date(at).getTime() : 0);
  const [chosen] = candidates.sort((a, b) => a.load - b.load || waited(a.lastAssigned) - waited(b.lastAssigned) || a.userId - b.userId);
  await updateConversationRow(tx, conversation.id, { assigneeId: chosen!.userId });
  return chosen!.userId;
}
