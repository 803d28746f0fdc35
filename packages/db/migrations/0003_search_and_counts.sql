CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone_number", '') || ' ' || coalesce("identifier", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_counts_idx" ON "conversations" USING btree ("account_id","status","inbox_id","assignee_id","team_id","priority");--> statement-breakpoint
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
-- Every message moves its conversation's last_activity_at: vacuum conversations often enough that the
-- visibility map stays fresh and the meta counts remain index-only scans.
ALTER TABLE "conversations" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
