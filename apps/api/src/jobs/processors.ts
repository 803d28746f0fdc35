import { readsBeside } from '@app/db';
import type { Services } from '../lib/context.ts';
import { wakeSnoozedConversations } from '../modules/conversations/jobs.ts';
import { announceCreated, insertNotificationsForEvents } from '../modules/notifications/create.ts';
import { pushCreated } from '../modules/notifications/push.ts';
import { sendDueDeliveries, settleUndeliverable, writeDeliveries } from '../modules/webhooks/delivery.ts';
import { runCsvImports } from '../modules/payments/import-csv.ts';
import { CONTACT_EXPORT_JOB, runContactExports } from '../modules/contact-jobs/export.ts';
import { CONTACT_IMPORT_JOB, runContactImports } from '../modules/contact-jobs/import.ts';
import { runAvatarFetches } from '../modules/contacts/avatar-fetch.ts';
import { sendSurveyOnResolve } from '../modules/csat/survey.ts';
import { runContactDeletions } from '../modules/contacts/delete.ts';
import { recordReportFacts } from '../modules/reporting-events/consumer.ts';
import { drainOutbox, perEvent, pruneOutbox, type OutboxConsumer } from './outbox-relay.ts';
import { jobKey, type Jobs, type Processor, type Schedule } from './queue.ts';

/**
 * What a relayed batch causes: webhook and API-channel deliveries (a reply with nowhere to go is sent),
 * in-app notifications, CSAT surveys and report facts. Each consumer takes the whole batch. `delivered` hears,
 * after the commit, of a batch that wrote deliveries: the ask to send them (a batch that wrote none asks nothing).
 */
export const outboxConsumers = (delivered: () => void = () => {}): OutboxConsumer[] => [
  async (tx, services, events) => ((await writeDeliveries(tx, services, events)) > 0 ? async () => delivered() : undefined),
  (tx, services, events) => settleUndeliverable(tx, services, events),
  // the CSAT survey of a conversation that resolved in an inbox with it on (once per conversation)
  perEvent(sendSurveyOnResolve),
  // reporting events and report rollups (docs/reports.md)
  recordReportFacts,
  // last: inserting notifications locks each recipient's counter row (notification_counts) until the commit, and
  // another relay notifying the same people waits for it; here that wait is the report rollups (added after every
  // consumer: RelayBatch.late) and the commit
  async (tx, services, events) => {
    const rows = await insertNotificationsForEvents(
      tx,
      events.flatMap((e) => (e.resend ? [] : [e.event])),
      readsBeside(services.db) ?? tx,
    );
    return [...new Set(rows.map((r) => r.accountId))].map((accountId) => async () => {
      const notifications = await announceCreated(services, accountId, rows.filter((r) => r.accountId === accountId));
      // Browser pushes go to outside push services: not awaited, so a slow one never holds up the relay.
      void pushCreated(services, accountId, notifications).catch((err: unknown) => services.log.error({ err }, 'push: delivery failed'));
    });
  },
];

/** The consumers where nothing asks for the sending (tests relay and send themselves). */
export const OUTBOX_CONSUMERS = outboxConsumers();

/** Delayed sends never wait longer than this: the sweep would run them anyway. */
const MAX_DELAY_MS = 60_000;

/**
 * Every job's processor. Each reads what is due from the database and claims it there, so they are
 * idempotent (ARCHITECTURE "Jobs"): running one twice, or in two workers, does the work once.
 */
export function processors(services: Services, jobs: Jobs): Record<string, Processor> {
  const consumers = outboxConsumers(() => jobs.enqueue('webhooks', 'send'));
  const relay = (lane: 'default' | 'inbound') => async () => {
    await drainOutbox(services, lane, consumers);
  };
  return {
    [jobKey('outbox', 'relay')]: relay('default'),
    [jobKey('inbound', 'relay')]: relay('inbound'),
    [jobKey('webhooks', 'send')]: async () => {
      const nextInMs = await sendDueDeliveries(services);
      if (nextInMs !== null) jobs.enqueue('webhooks', 'send', { delayMs: Math.min(Math.max(nextInMs, 10), MAX_DELAY_MS) });
    },
    [jobKey('scheduled', 'conversations.wake_snoozed')]: () => wakeSnoozedConversations(services),
    [jobKey('scheduled', 'outbox.prune')]: () => pruneOutbox(services),
    [jobKey('imports', 'run')]: () => runCsvImports(services),
    [jobKey('imports', CONTACT_IMPORT_JOB)]: () => runContactImports(services),
    [jobKey('exports', CONTACT_EXPORT_JOB)]: () => runContactExports(services),
    [jobKey('contacts', 'delete')]: () => runContactDeletions(services),
    [jobKey('contacts', 'avatars')]: () => runAvatarFetches(services),
    // Recovers from crashes and lost jobs: whatever a dead process left in the outbox or due is picked up.
    [jobKey('scheduled', 'sweep')]: async () => {
      jobs.enqueue('outbox', 'relay');
      jobs.enqueue('inbound', 'relay');
      jobs.enqueue('webhooks', 'send');
      // an import whose worker died is taken up again once its lease runs out
      jobs.enqueue('imports', 'run');
      jobs.enqueue('imports', CONTACT_IMPORT_JOB);
      jobs.enqueue('exports', CONTACT_EXPORT_JOB);
      // contacts marked for deletion, avatar_urls waiting
      jobs.enqueue('contacts', 'delete');
      jobs.enqueue('contacts', 'avatars');
    },
  };
}

export function schedules(services: Services): Schedule[] {
  const sweepEvery = services.config.webhooks.pollIntervalMs;
  return [
    { queue: 'scheduled', name: 'conversations.wake_snoozed', everyMs: 15_000 },
    { queue: 'scheduled', name: 'outbox.prune', everyMs: 60 * 60 * 1000 },
    ...(sweepEvery > 0 ? [{ queue: 'scheduled' as const, name: 'sweep', everyMs: sweepEvery }] : []),
  ];
}
