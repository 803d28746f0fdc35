-- The counts index carries each conversation's waiting_since (INCLUDE: stored in the index, not a key), so the
-- sidebar's open and unresponded counts per inbox (`GET inboxes/open_conversations_count`, every open dashboard
-- refetches it at most every 3 s while the account is busy, and `GET inboxes`) are an index-only scan: the bench's
-- big account's 29,787 open conversations counted in 6 ms, where reading each one's row for the time took 31 ms
-- (docs/benchmarks.md, "Twenty-second session"). No write gets dearer: waiting_since is already in
-- conversations_unattended_idx's predicate, so a change of it was never a heap-only update. The key, and so every
-- count's plan, is unchanged. drizzle cannot declare INCLUDE: the schema (conversations.ts) declares the key and
-- points here. Rebuilding it reads every conversation once and holds writes to conversations meanwhile: under a
-- second for the bench's 220,000 conversations on two cores.
DROP INDEX IF EXISTS "conversations_counts_idx";--> statement-breakpoint
CREATE INDEX "conversations_counts_idx" ON "conversations" USING btree ("account_id", "status", "inbox_id", "assignee_id", "team_id", "priority") INCLUDE ("waiting_since");
