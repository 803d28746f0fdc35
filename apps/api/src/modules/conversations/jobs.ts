import { conversationEntries, recordEvents } from '../../lib/outbox.ts';
import { systemCtx, type Services } from '../../lib/context.ts';
import { publishConversationEvents } from './events.ts';
import { reopenDueSnoozed } from './queries.ts';

/** At most this many conversations wake per run; the next run takes the rest. */
const WAKE_BATCH = 500;


/**
 * Reopens snoozed conversations whose snoozed_until has passed and announces each status change.
 * Idempotent: a conversation reopens once, whoever runs the job.
 */
export async function wakeSnoozedConversations(services: Services, now = new Date()): Promise<number> {
  const woken = await services.db.transaction(async (tx) => {
    const rows = await reopenDueSnoozed(tx, now, WAKE_BATCH);
    await recordEvents(tx, rows.flatMap((row) => conversationEntries(row, ['conversation.status_changed'])));
    return rows;
  });
  for (const row of woken) {
    await publishConversationEvents(systemCtx(services, row.accountId, 'scheduler'), row, ['conversation.status_changed'], { ...row, status: 'snoozed' });
  }
  return woken.length;
}
