// The files of `pnpm test`'s second API run, on the embedded setup a newcomer starts (PGlite, no Redis): where that
// setup behaves differently or where most SQL runs: the driver's error mapping and shutdown, in-process jobs, realtime
// and rate limits without Redis, the filter and search SQL, the conversation and message paths, the relay with its
// reporting rollups, the public API, payments. The rest exercise the HTTP layer and run once, on Postgres; the
// browser suite runs wholly on PGlite too, the demo seed included. `--pglite-full` takes every file (docs/testing.md).
export const PGLITE_SMOKE = [
  'src/lib/database-close.test.ts',
  'src/lib/filters/filters.db.test.ts',
  'src/plugins/input-guards.test.ts',
  'src/plugins/realtime.test.ts',
  'src/modules/system/operations.test.ts',
  'src/jobs/jobs.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/conversations/conversations-list.test.ts',
  'src/modules/conversations/conversations-actions.test.ts',
  'src/modules/messages/messages.test.ts',
  'src/modules/contacts/contacts.test.ts',
  'src/modules/contacts/search-filter.test.ts',
  'src/modules/search/search.test.ts',
  'src/modules/webhooks/webhooks.test.ts',
  'src/modules/public-api/public-api.test.ts',
  'src/modules/reporting-events/facts.test.ts',
  'src/modules/reports/reports.test.ts',
  'src/modules/csat/survey.test.ts',
  'src/modules/payments/payments.test.ts',
];
