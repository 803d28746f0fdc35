-- The list's index carries each conversation's priority (INCLUDE: stored in the index, not a key), so a filter on
-- status and priority finds its page's ids in the index alone, in list order: an index-only scan that skips the
-- conversations of other priorities there (7 buffers for the bench's "open and urgent" page, where reading each
-- open conversation's row to test its priority took ~570; docs/benchmarks.md, "Fifteenth session"). The key, and so
-- every list's plan, is unchanged; the index grows by about 15 %. drizzle cannot declare INCLUDE: the schema
-- (conversations.ts) declares the key and points here.
-- Rebuilding it reads every conversation once and holds writes to conversations meanwhile: about 4 s a million on two
-- cores.
DROP INDEX IF EXISTS "conversations_account_status_activity_idx";--> statement-breakpoint
CREATE INDEX "conversations_account_status_activity_idx" ON "conversations" USING btree ("account_id", "status", "last_activity_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("priority");
