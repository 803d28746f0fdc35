DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_identifier_trgm_idx" ON "contacts" USING gin ("identifier" gin_trgm_ops);