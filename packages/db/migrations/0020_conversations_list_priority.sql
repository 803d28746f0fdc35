-- The list's index carries each conversation's priority and labels (INCLUDE: stored in the index, not keys), so a
-- filter on status and priority, and a label's list, find their page's ids in the index alone, in list order: an
-- index-only scan that passes over the other conversations there. For the bench's pages, 7 buffers for "open and
-- urgent" and 8 for the billing label, where reading each open conversation's row to test it took ~570 and ~590
-- (docs/benchmarks.md, "Fifteenth session"). The key, and so every list's plan, is unchanged; the index is about 70 %
-- larger (the labels' arrays). drizzle cannot declare INCLUDE: the schema (conversations.ts) declares the key and
-- points here.
-- Rebuilding it reads every conversation once and holds writes to conversations meanwhile: under a second for the
-- bench's 220,000 conversations on two cores.
DROP INDEX IF EXISTS "conversations_account_status_activity_idx";--> statement-breakpoint
CREATE INDEX "conversations_account_status_activity_idx" ON "conversations" USING btree ("account_id", "status", "last_activity_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("priority", "labels");
