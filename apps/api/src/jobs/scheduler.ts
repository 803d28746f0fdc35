import type { Services } from '../lib/context.ts';
import { wakeSnoozedConversations } from '../modules/conversations/jobs.ts';

type Task = { name: string; everyMs: number; run: (services: Services) => Promise<unknown> };

/** Scheduled work of the `scheduled` queue; in process until the job queue takes it over. */
export const SCHEDULED_TASKS: Task[] = [{ name: 'conversations.wake_snoozed', everyMs: 15_000, run: (s) => wakeSnoozedConversations(s) }];

/**
 * Runs each task on its interval, one run at a time per task (a slow run is never overlapped), logging
 * failures. Answers a stop function that waits for runs in flight.
 */
export function startScheduler(services: Services, tasks: Task[] = SCHEDULED_TASKS): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  const timers = tasks.map((task) =>
    setInterval(() => {
      if (running.has(task.name)) return;
      const run = task
        .run(services)
        .catch((err: unknown) => services.log.error({ err, task: task.name }, 'scheduled task failed'))
        .finally(() => running.delete(task.name));
      running.set(task.name, run);
    }, task.everyMs).unref(),
  );
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(running.values());
  };
}
