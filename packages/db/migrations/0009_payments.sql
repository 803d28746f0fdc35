CREATE TABLE "ocr_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ocr_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"message_id" integer,
	"file_key" text NOT NULL,
	"engine" text NOT NULL,
	"text" text NOT NULL,
	"confidence" double precision NOT NULL,
	"fields" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"inbox_id" integer,
	"user_id" integer,
	"file_key" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbox_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"utr" text,
	"upi_id" text,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"customer_name" text,
	"customer_reference" text,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conversation_id" integer,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporting_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reporting_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbox_id" integer,
	"conversation_id" integer,
	"user_id" integer,
	"name" text NOT NULL,
	"value" double precision,
	"value_in_business_hours" double precision,
	"event_start_time" timestamp with time zone,
	"event_end_time" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbox_id" integer NOT NULL,
	"conversation_id" integer,
	"order_id" text NOT NULL,
	"record_id" integer,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_id" integer,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ocr_results" ADD CONSTRAINT "ocr_results_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_results" ADD CONSTRAINT "ocr_results_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_record_id_payment_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."payment_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_events" ADD CONSTRAINT "reporting_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_events" ADD CONSTRAINT "reporting_events_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_events" ADD CONSTRAINT "reporting_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_events" ADD CONSTRAINT "reporting_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_issues" ADD CONSTRAINT "withdraw_issues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_issues" ADD CONSTRAINT "withdraw_issues_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_issues" ADD CONSTRAINT "withdraw_issues_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_issues" ADD CONSTRAINT "withdraw_issues_record_id_payment_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."payment_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_issues" ADD CONSTRAINT "withdraw_issues_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_issues" ADD CONSTRAINT "withdraw_issues_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ocr_results_account_file_engine_key" ON "ocr_results" USING btree ("account_id","file_key","engine");--> statement-breakpoint
CREATE INDEX "payment_imports_account_idx" ON "payment_imports" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_imports_pending_idx" ON "payment_imports" USING btree ("status","lease_until") WHERE "payment_imports"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_inbox_kind_order_key" ON "payment_records" USING btree ("inbox_id","kind","order_id");--> statement-breakpoint
CREATE INDEX "payment_records_account_kind_created_idx" ON "payment_records" USING btree ("account_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_records_inbox_kind_created_idx" ON "payment_records" USING btree ("inbox_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_records_account_utr_idx" ON "payment_records" USING btree ("account_id","utr") WHERE "payment_records"."utr" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_records_account_upi_idx" ON "payment_records" USING btree ("account_id","upi_id") WHERE "payment_records"."upi_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_records_customer_trgm_idx" ON "payment_records" USING gin ((coalesce("customer_name", '') || ' ' || coalesce("customer_reference", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_status_changes_record_idx" ON "payment_status_changes" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "reporting_events_account_name_created_idx" ON "reporting_events" USING btree ("account_id","name","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_issues_account_status_idx" ON "withdraw_issues" USING btree ("account_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdraw_issues_inbox_status_idx" ON "withdraw_issues" USING btree ("inbox_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_issues_open_order_key" ON "withdraw_issues" USING btree ("inbox_id","order_id") WHERE "withdraw_issues"."status" = 'open';