CREATE TYPE "public"."agent_bot_type" AS ENUM('webhook');--> statement-breakpoint
CREATE TYPE "public"."channel_type" AS ENUM('Channel::WebWidget', 'Channel::FacebookPage', 'Channel::TwitterProfile', 'Channel::TwilioSms', 'Channel::Whatsapp', 'Channel::Api', 'Channel::Email', 'Channel::Telegram', 'Channel::Line', 'Channel::Sms');--> statement-breakpoint
CREATE TYPE "public"."sender_name_type" AS ENUM('friendly', 'professional');--> statement-breakpoint
CREATE TYPE "public"."attachment_file_type" AS ENUM('image', 'audio', 'video', 'file', 'location', 'fallback', 'share', 'story_mention', 'contact');--> statement-breakpoint
CREATE TYPE "public"."conversation_priority" AS ENUM('low', 'medium', 'high', 'urgent');--> statement-breakpoint
CREATE TYPE "public"."conversation_status" AS ENUM('open', 'resolved', 'pending', 'snoozed');--> statement-breakpoint
CREATE TYPE "public"."message_content_type" AS ENUM('text', 'input_text', 'input_textarea', 'input_email', 'input_select', 'cards', 'form', 'article', 'incoming_email', 'input_csat', 'integrations', 'sticker');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('sent', 'delivered', 'read', 'failed', 'progress');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('incoming', 'outgoing', 'activity', 'template');--> statement-breakpoint
CREATE TYPE "public"."sender_type" AS ENUM('User', 'Contact', 'AgentBot');--> statement-breakpoint
CREATE TABLE "agent_bots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_bots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer,
	"name" text NOT NULL,
	"description" text,
	"outgoing_url" text,
	"bot_type" "agent_bot_type" DEFAULT 'webhook' NOT NULL,
	"bot_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_type" "channel_type" NOT NULL,
	"provider" text,
	"medium" text,
	"phone_number" text,
	"identifier" text,
	"external_id" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"reauthorization_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_display_ids" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_members" (
	"account_id" integer NOT NULL,
	"inbox_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"can_view_data" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_members_inbox_id_user_id_pk" PRIMARY KEY("inbox_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inboxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"avatar_key" text,
	"greeting_enabled" boolean DEFAULT false NOT NULL,
	"greeting_message" text,
	"enable_email_collect" boolean DEFAULT true NOT NULL,
	"csat_survey_enabled" boolean DEFAULT false NOT NULL,
	"csat_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enable_auto_assignment" boolean DEFAULT true NOT NULL,
	"auto_assignment_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"working_hours_enabled" boolean DEFAULT false NOT NULL,
	"working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_of_office_message" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"allow_messages_after_resolved" boolean DEFAULT true NOT NULL,
	"lock_to_single_conversation" boolean DEFAULT false NOT NULL,
	"sender_name_type" "sender_name_type" DEFAULT 'friendly' NOT NULL,
	"business_name" text,
	"portal_id" integer,
	"agent_bot_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"file_type" "attachment_file_type" DEFAULT 'file' NOT NULL,
	"storage_key" text,
	"external_url" text,
	"file_name" text,
	"content_type" text,
	"byte_size" integer,
	"coordinates_lat" text,
	"coordinates_long" text,
	"fallback_title" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_inboxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_inboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"inbox_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"hmac_verified" boolean DEFAULT false NOT NULL,
	"pubsub_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone_number" text,
	"identifier" text,
	"avatar_key" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"account_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"display_id" integer NOT NULL,
	"uuid" text DEFAULT gen_random_uuid()::text NOT NULL,
	"inbox_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"contact_inbox_id" integer,
	"assignee_id" integer,
	"team_id" integer,
	"status" "conversation_status" DEFAULT 'open' NOT NULL,
	"priority" "conversation_priority",
	"snoozed_until" timestamp with time zone,
	"muted" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_reply_created_at" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_last_seen_at" timestamp with time zone,
	"assignee_last_seen_at" timestamp with time zone,
	"contact_last_seen_at" timestamp with time zone,
	"identifier" text,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mentions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mentioned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"inbox_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"content" text,
	"content_type" "message_content_type" DEFAULT 'text' NOT NULL,
	"content_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_type" "message_type" NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"status" "message_status" DEFAULT 'sent' NOT NULL,
	"source_id" text,
	"sender_type" "sender_type",
	"sender_id" integer,
	"echo_id" text,
	"additional_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_source_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_bots" ADD CONSTRAINT "agent_bots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_display_ids" ADD CONSTRAINT "conversation_display_ids_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_agent_bot_id_agent_bots_id_fk" FOREIGN KEY ("agent_bot_id") REFERENCES "public"."agent_bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_inboxes" ADD CONSTRAINT "contact_inboxes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_inboxes" ADD CONSTRAINT "contact_inboxes_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contact_inbox_id_contact_inboxes_id_fk" FOREIGN KEY ("contact_inbox_id") REFERENCES "public"."contact_inboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_bots_account_idx" ON "agent_bots" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_identifier_key" ON "channels" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "channels_type_external_id_idx" ON "channels" USING btree ("channel_type","external_id");--> statement-breakpoint
CREATE INDEX "channels_type_phone_number_idx" ON "channels" USING btree ("channel_type","phone_number");--> statement-breakpoint
CREATE INDEX "inbox_members_account_user_idx" ON "inbox_members" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "inboxes_account_idx" ON "inboxes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inboxes_channel_key" ON "inboxes" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "inboxes_agent_bot_idx" ON "inboxes" USING btree ("agent_bot_id");--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_inboxes_inbox_source_key" ON "contact_inboxes" USING btree ("inbox_id","source_id");--> statement-breakpoint
CREATE INDEX "contact_inboxes_contact_idx" ON "contact_inboxes" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_inboxes_pubsub_token_key" ON "contact_inboxes" USING btree ("pubsub_token");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_email_key" ON "contacts" USING btree ("account_id",lower("email")) WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_identifier_key" ON "contacts" USING btree ("account_id","identifier") WHERE "contacts"."identifier" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_phone_key" ON "contacts" USING btree ("account_id","phone_number") WHERE "contacts"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX "contacts_account_activity_idx" ON "contacts" USING btree ("account_id","last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_labels_idx" ON "contacts" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_account_display_id_key" ON "conversations" USING btree ("account_id","display_id");--> statement-breakpoint
CREATE INDEX "conversations_account_status_activity_idx" ON "conversations" USING btree ("account_id","status","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_inbox_status_activity_idx" ON "conversations" USING btree ("inbox_id","status","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_assignee_status_activity_idx" ON "conversations" USING btree ("assignee_id","status","last_activity_at" DESC NULLS LAST) WHERE "conversations"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_unassigned_activity_idx" ON "conversations" USING btree ("account_id","status","last_activity_at" DESC NULLS LAST) WHERE "conversations"."assignee_id" is null;--> statement-breakpoint
CREATE INDEX "conversations_team_status_activity_idx" ON "conversations" USING btree ("team_id","status","last_activity_at" DESC NULLS LAST) WHERE "conversations"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_labels_idx" ON "conversations" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("contact_id","last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_snoozed_until_idx" ON "conversations" USING btree ("snoozed_until") WHERE "conversations"."status" = 'snoozed';--> statement-breakpoint
CREATE UNIQUE INDEX "mentions_conversation_user_key" ON "mentions" USING btree ("conversation_id","user_id");--> statement-breakpoint
CREATE INDEX "mentions_account_user_idx" ON "mentions" USING btree ("account_id","user_id","mentioned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_conversation_id_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_echo_id_key" ON "messages" USING btree ("conversation_id","echo_id") WHERE "messages"."echo_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_inbox_source_id_idx" ON "messages" USING btree ("inbox_id","source_id") WHERE "messages"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_account_created_idx" ON "messages" USING btree ("account_id","created_at");