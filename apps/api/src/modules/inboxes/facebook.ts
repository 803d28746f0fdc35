import type { FacebookPage } from '@app/shared/inboxes';
import { AppError } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import type { Config } from '../../plugins/config.ts';
import { connectedFacebookPageIds } from './queries.ts';
import { requireChannelFeature } from './service.ts';

// The page list of the Facebook inbox flow (000 sections 4 and 7): the browser logs in with Facebook and
// hands its short-lived user token here; the server trades it for a long-lived one with the app secret and
// lists the pages the user manages, marking those this account already connects.

const TIMEOUT_MS = 15_000;
const PAGE_LIMIT = 100;

const refused = (detail: string) =>
  new AppError('validation_failed', `Omniauth token ${detail}`, { fields: { omniauth_token: [detail] } });

function notConfigured(): AppError {
  const detail = 'is not configured on this installation: set FB_APP_ID and FB_APP_SECRET';
  return new AppError('validation_failed', `Facebook ${detail}`, { fields: { provider: [detail] } });
}

/** GET on the Graph API; the JSON body, or a 422 naming the token when Facebook refuses or cannot be reached. */
async function graph(config: Pick<Config, 'facebookGraphUrl'>, path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${config.facebookGraphUrl}/${path}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw refused('could not be checked: Facebook did not answer');
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body) {
    const error = body?.error as { message?: unknown } | undefined;
    throw refused(`was refused by Facebook${typeof error?.message === 'string' ? ` (${error.message})` : ''}`);
  }
  return body;
}

/** POST callbacks/facebook_pages {omniauth_token}: `{data: {page_details, user_access_token}}`. */
export async function listFacebookPages(ctx: AccountCtx, input: { omniauth_token: string }) {
  const app = ctx.config.oauth.facebook;
  if (!app) throw notConfigured();
  await requireChannelFeature(ctx, 'Channel::FacebookPage');
  const exchanged = await graph(ctx.config, 'oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: app.clientId,
    client_secret: app.clientSecret,
    fb_exchange_token: input.omniauth_token,
  });
  const userToken = typeof exchanged.access_token === 'string' ? exchanged.access_token : input.omniauth_token;
  const listed = await graph(ctx.config, 'me/accounts', { fields: 'id,name,access_token', limit: String(PAGE_LIMIT), access_token: userToken });
  const pages = (Array.isArray(listed.data) ? listed.data : []).filter(
    (page): page is { id: string; name: string; access_token: string } =>
      typeof page?.id === 'string' && typeof page?.name === 'string' && typeof page?.access_token === 'string',
  );
  const connected = await connectedFacebookPageIds(ctx.db, ctx.accountId, pages.map((page) => page.id));
  const pageDetails: FacebookPage[] = pages.map(({ id, name, access_token }) => ({ id, name, access_token, exists: connected.has(id) }));
  ctx.log.info({ pages: pageDetails.length }, 'facebook pages listed');
  return { data: { page_details: pageDetails, user_access_token: userToken } };
}
