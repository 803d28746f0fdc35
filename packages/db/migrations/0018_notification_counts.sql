CREATE TABLE "notification_counts" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_account_user_snoozed_idx" ON "notifications" USING btree ("account_id","user_id","snoozed_until") WHERE "notifications"."read_at" is null and "notifications"."snoozed_until" is not null;--> statement-breakpoint
-- The counts of what notifications holds now, then kept by the triggers below in the same transactions.
INSERT INTO "notification_counts" ("account_id", "user_id", "total", "unread")
  SELECT "account_id", "user_id", count(*), count(*) FILTER (WHERE "read_at" IS NULL) FROM "notifications" GROUP BY "account_id", "user_id";
--> statement-breakpoint
-- One statement trigger per operation, reading the statement's rows (transition tables): a relay batch inserting a
-- hundred notifications moves each user's counts once. Counter rows are locked in (account_id, user_id) order, so two
-- transactions moving the same users' counts wait for each other instead of deadlocking.
CREATE FUNCTION "notification_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_counts AS c (account_id, user_id, total, unread)
      SELECT account_id, user_id, count(*), count(*) FILTER (WHERE read_at IS NULL)
        FROM new_rows GROUP BY account_id, user_id ORDER BY account_id, user_id
      ON CONFLICT (account_id, user_id) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM notification_counts c
      WHERE (c.account_id, c.user_id) IN (SELECT DISTINCT account_id, user_id FROM old_rows)
      ORDER BY c.account_id, c.user_id FOR UPDATE;
    UPDATE notification_counts c SET total = c.total - d.total, unread = c.unread - d.unread
      FROM (SELECT account_id, user_id, count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
              FROM old_rows GROUP BY account_id, user_id) d
      WHERE c.account_id = d.account_id AND c.user_id = d.user_id;
  ELSE
    -- only the users whose notifications were read or unread (other updates leave the counts alone)
    PERFORM 1 FROM notification_counts c
      WHERE (c.account_id, c.user_id) IN (SELECT n.account_id, n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                            WHERE (n.read_at IS NULL) <> (o.read_at IS NULL))
      ORDER BY c.account_id, c.user_id FOR UPDATE;
    UPDATE notification_counts c SET unread = c.unread + d.moved
      FROM (SELECT n.account_id, n.user_id, sum((n.read_at IS NULL)::integer - (o.read_at IS NULL)::integer) AS moved
              FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY n.account_id, n.user_id) d
      WHERE c.account_id = d.account_id AND c.user_id = d.user_id AND d.moved <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notification_counts_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "notification_counts_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "notification_counts_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_move"();
