-- Every 6-digit window of the content's runs of six or more digits (a 12-digit UTR: its seven windows), for the
-- digit index of message search (schema.messageContentMatches). NULL content: no windows. PARALLEL UNSAFE keeps a
-- search serial: Postgres has no statistics for windows this rare (each is in a handful of messages), estimates
-- thousands of rows for one, and would start parallel workers (5-9 ms) to read the few it finds in 0.25 ms.
CREATE FUNCTION "digit_grams"("content" text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL UNSAFE AS $$
  SELECT coalesce(array_agg(substr("run"[1], "at", 6)), '{}')
  FROM regexp_matches("content", '[0-9]{6,}', 'g') AS "run", generate_series(1, length("run"[1]) - 5) AS "at"
$$;
--> statement-breakpoint
-- Building it reads every message once: about a minute per million messages on two cores (a GIN build is faster
-- with more memory to sort in; LOCAL: for this transaction only).
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX "messages_content_digits_idx" ON "messages" USING gin (digit_grams("content"));
