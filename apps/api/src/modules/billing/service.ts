import { BILLING_NOT_CONFIGURED, DEFAULT_PLAN_NAME, type CheckoutResponse } from '@app/shared/billing';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { getAccount, updateAccount } from '../accounts/service.ts';

/**
 * Billing exists on the cloud offering only (000 section 6); there it needs BILLING_CHECKOUT_URL, the
 * provider's hosted checkout or customer portal (docs/billing.md).
 */
function checkoutUrl(ctx: AccountCtx): string {
  if (ctx.config.deployment !== 'cloud') throw notFound();
  const url = ctx.config.billing.checkoutUrl;
  if (!url) throw new AppError('validation_failed', BILLING_NOT_CONFIGURED);
  return url;
}

/**
 * POST checkout: the provider's page for this account. It carries the account id as client_reference_id and
 * the administrator's email as prefilled_email (the names Stripe payment links read), so the provider's
 * webhook can tell which account paid.
 */
export async function checkout(ctx: AccountCtx): Promise<CheckoutResponse> {
  const url = new URL(checkoutUrl(ctx));
  url.searchParams.set('client_reference_id', String(ctx.accountId));
  url.searchParams.set('prefilled_email', ctx.actor.email);
  return { redirect_url: url.toString() };
}

/**
 * POST subscription: the billing page calls it for an account that has no plan yet, as Chatwoot creates the
 * provider's customer then. The account starts on the free plan (custom_attributes.plan_name); an account
 * that already has a plan is left as it is. Answers the account.
 */
export async function startSubscription(ctx: AccountCtx) {
  checkoutUrl(ctx);
  const account = await getAccount(ctx);
  if (typeof account.custom_attributes.plan_name === 'string' && account.custom_attributes.plan_name) return account;
  return updateAccount(ctx, { custom_attributes: { plan_name: DEFAULT_PLAN_NAME } });
}
