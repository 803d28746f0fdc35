import { schema, type Executor } from '@app/db';

const { reportingEvents } = schema;

export type ReportingEventRow = typeof reportingEvents.$inferSelect;

/** What a reporting event says; ids are internal ids (a conversation's row id, not its display id). */
export type ReportingEventInput = {
  accountId: number;
  name: string;
  inboxId?: number | null;
  conversationId?: number | null;
  userId?: number | null;
  /** A duration in seconds or a count, for the events reports aggregate. */
  value?: number | null;
  valueInBusinessHours?: number | null;
  eventStartTime?: Date | null;
  eventEndTime?: Date | null;
  data?: Record<string, unknown>;
};

/**
 * Stores one reporting event. Takes the caller's transaction so the event is written with the change it
 * reports (a payment status change, an integration's POST) or not at all.
 */
export async function recordReportingEvent(tx: Executor, input: ReportingEventInput): Promise<ReportingEventRow> {
  const [row] = await tx
    .insert(reportingEvents)
    .values({
      accountId: input.accountId,
      name: input.name,
      inboxId: input.inboxId ?? null,
      conversationId: input.conversationId ?? null,
      userId: input.userId ?? null,
      value: input.value ?? null,
      valueInBusinessHours: input.valueInBusinessHours ?? null,
      eventStartTime: input.eventStartTime ?? null,
      eventEndTime: input.eventEndTime ?? null,
      data: input.data ?? {},
    })
    .returning();
  if (!row) throw new Error('reporting event insert returned nothing');
  return row;
}
