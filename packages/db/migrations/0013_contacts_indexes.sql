ALTER TABLE "contacts" ADD COLUMN "deleting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "avatar_source_url" text;--> statement-breakpoint
CREATE INDEX "contacts_account_name_asc_idx" ON "contacts" USING btree ("account_id",lower("name") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_name_desc_idx" ON "contacts" USING btree ("account_id",lower("name") desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_created_asc_idx" ON "contacts" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_account_created_desc_idx" ON "contacts" USING btree ("account_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_activity_asc_idx" ON "contacts" USING btree ("account_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "contacts_account_email_asc_idx" ON "contacts" USING btree ("account_id",lower("email") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_email_desc_idx" ON "contacts" USING btree ("account_id",lower("email") desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_phone_asc_idx" ON "contacts" USING btree ("account_id","phone_number","id");--> statement-breakpoint
CREATE INDEX "contacts_account_phone_desc_idx" ON "contacts" USING btree ("account_id","phone_number" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_account_company_idx" ON "contacts" USING btree ("account_id",lower("additional_attributes" ->> 'company_name'),"id");--> statement-breakpoint
CREATE INDEX "contacts_account_city_idx" ON "contacts" USING btree ("account_id",lower("additional_attributes" ->> 'city'),"id");--> statement-breakpoint
CREATE INDEX "contacts_account_country_idx" ON "contacts" USING btree ("account_id",lower("additional_attributes" ->> 'country'),"id");--> statement-breakpoint
CREATE INDEX "contacts_deleting_idx" ON "contacts" USING btree ("deleting_at") WHERE "contacts"."deleting_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_avatar_source_idx" ON "contacts" USING btree ("id") WHERE "contacts"."avatar_source_url" is not null;