CREATE TABLE "dashboard_apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_hooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_hooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"inbox_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"hook_type" text DEFAULT 'account' NOT NULL,
	"reference_id" text,
	"settings_sealed" text NOT NULL,
	"access_token_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_apps" ADD CONSTRAINT "dashboard_apps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_apps" ADD CONSTRAINT "dashboard_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_hooks" ADD CONSTRAINT "integration_hooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_hooks" ADD CONSTRAINT "integration_hooks_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_apps_account_idx" ON "dashboard_apps" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "integration_hooks_account_app_idx" ON "integration_hooks" USING btree ("account_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_hooks_inbox_app_key" ON "integration_hooks" USING btree ("inbox_id","app_id") WHERE "integration_hooks"."inbox_id" is not null;