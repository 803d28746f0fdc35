CREATE TABLE "csat_survey_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "csat_survey_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"message_id" integer,
	"contact_id" integer,
	"inbox_id" integer,
	"team_id" integer,
	"assigned_agent_id" integer,
	"rating" smallint NOT NULL,
	"feedback_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csat_survey_responses_rating_check" CHECK ("csat_survey_responses"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "report_daily_rollups" (
	"account_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"metric" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"sum" double precision DEFAULT 0 NOT NULL,
	"sum_bh" double precision DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "report_daily_rollups_account_id_dimension_metric_day_key_pk" PRIMARY KEY("account_id","dimension","metric","day","key")
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"account_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"metric" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"sum" double precision DEFAULT 0 NOT NULL,
	"sum_bh" double precision DEFAULT 0 NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "report_rollups_account_id_dimension_metric_key_bucket_pk" PRIMARY KEY("account_id","dimension","metric","key","bucket")
);
--> statement-breakpoint
ALTER TABLE "reporting_events" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_survey_responses" ADD CONSTRAINT "csat_survey_responses_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_rollups" ADD CONSTRAINT "report_daily_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rollups" ADD CONSTRAINT "report_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csat_survey_responses_conversation_key" ON "csat_survey_responses" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "csat_survey_responses_account_created_idx" ON "csat_survey_responses" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_csat_sent_idx" ON "messages" USING btree ("account_id","created_at") WHERE "messages"."content_type" = 'input_csat';--> statement-breakpoint
CREATE UNIQUE INDEX "reporting_events_account_dedupe_key" ON "reporting_events" USING btree ("account_id","dedupe_key") WHERE "reporting_events"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "reporting_events_conversation_idx" ON "reporting_events" USING btree ("conversation_id") WHERE "reporting_events"."conversation_id" is not null;