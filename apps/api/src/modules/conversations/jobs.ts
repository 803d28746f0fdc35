import { announce, recordEvents } from '../../lib/events.ts';
import type { Services } from '../../lib/context.ts';
import { changedAttributes, conversationEntries } from './events.ts';
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
    const changes = rows.flatMap((row) => conversationEntries(row, ['conversation.status_changed'], undefined, changedAttributes({ status: 'snoozed' }, { status: row.status })));
    return { count: rows.length, entries: await recordEvents(tx, changes) };
  });
  await announce(services, woken.entries);
  return woken.count;
}
