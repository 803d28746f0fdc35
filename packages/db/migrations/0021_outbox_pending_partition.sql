-- The pending index leads with each row's relay partition (OUTBOX_PARTITIONS, in the expression): a relay's claim
-- reads its own partition's rows alone, and the look for waiting partitions is one probe a partition. Only the
-- undispatched rows are indexed, so the rebuild is instant.
DROP INDEX "outbox_events_pending_idx";--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("lane",mod(coalesce(("subject" ->> 'conversationId')::bigint, ("subject" ->> 'contactId')::bigint, "account_id"), 2),"id") WHERE "outbox_events"."dispatched_at" is null;