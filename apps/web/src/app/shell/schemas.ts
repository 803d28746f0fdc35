import { z } from 'zod';

// Answers the shell describes itself (the rest are @app/shared's). Imported by app/shell/api.ts's schema loaders
// only, so that the production build, which checks no answer, ships no zod with the shell.

/**
 * GET /api/v1/global_config (apps/api/src/modules/system). The schema lives in the API module, not in
 * @app/shared yet, so the fields the shell reads are described here.
 */
export const GlobalConfigSchema = z.looseObject({
  agent_bots_enabled: z.boolean(),
  deployment: z.enum(['self_hosted', 'cloud']),
  create_new_account_from_dashboard: z.boolean(),
  /** The cloud offering with BILLING_CHECKOUT_URL set (docs/billing.md). */
  billing_configured: z.boolean().optional(),
  /** The account whose withdraw and recharge records the checker view shows (docs/payments.md; 1 when absent). */
  payments_account_id: z.number().int().positive().optional(),
});
export type GlobalConfig = z.infer<typeof GlobalConfigSchema>;

/** GET /api: the installation's running version. */
export const ServerStatusSchema = z.looseObject({ version: z.string() });
