-- The outbox and the webhook deliveries are queues: a row waits in a partial index (undispatched, pending) and an
-- update takes it out. The update leaves its entry behind until a vacuum removes it, and the relay's probes and claims
-- (the runner's, for deliveries) walk over those entries in id order: 300,000 dispatched rows not yet vacuumed made
-- a probe read 746 pages instead of 9 (docs/benchmarks.md, "Sixteenth session"). Postgres's defaults vacuum a table
-- after a fifth of it changes (a day of events: hundreds of thousands of rows), and a vacuum that finds dead rows
-- on under 2 % of the pages skips the indexes. So these two are vacuumed and analyzed after every thousand changes,
-- indexes included (a vacuum reads the heap pages changed since the last and each index once; autovacuum visits a
-- database at most once a minute), and their statistics never say a backlog waits long after it is gone.
ALTER TABLE "outbox_events" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000, vacuum_index_cleanup = on);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000, vacuum_index_cleanup = on);
