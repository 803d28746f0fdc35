import { z } from 'zod';

/** POST …/checkout (001 section 7): where the administrator goes to pay or manage the subscription. */
export const CheckoutResponseSchema = z.object({
  redirect_url: z.url().describe('The billing provider’s page for this account; the dashboard navigates there.'),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** The plan an account is on before it subscribes to anything (custom_attributes.plan_name). */
export const DEFAULT_PLAN_NAME = 'Free';

/** The message of the 422 a checkout or subscription call answers when the installation has no billing provider. */
export const BILLING_NOT_CONFIGURED = 'Billing is not configured on this installation';
