import type { z } from 'zod';
import type { CreateTwilioChannelBody, MailAuthorizationBodySchema, ReauthorizeFacebookPageBody, RegisterFacebookPageBody } from '@app/shared/inboxes';
import { invalid } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { applyChannelChanges, channelFromFacebookPage, channelFromTwilio, channelParts, openSecrets, sealSecrets } from './channel-payload.ts';
import { authorizationUrl, type OAuthProvider } from './oauth.ts';
import { updateChannelRow } from './queries.ts';
import { changeInboxes, createInboxWith, loadInbox, presentInbox, requireChannelFeature } from './service.ts';

// Inboxes created outside POST inboxes: Twilio (its own create call), Facebook pages (after the
// browser's Facebook login) and the OAuth providers (a consent-screen URL to start with).

/** POST channels/twilio_channel: a Channel::TwilioSms inbox for SMS or WhatsApp. */
export function createTwilioInbox(ctx: AccountCtx, input: CreateTwilioChannelBody) {
  return createInboxWith(ctx, { name: input.name, parts: channelFromTwilio(input), fieldPrefix: '' });
}

/** POST callbacks/register_facebook_page: a Channel::FacebookPage inbox; a page is connected once per account. */
export function registerFacebookPage(ctx: AccountCtx, input: RegisterFacebookPageBody) {
  return createInboxWith(ctx, { name: input.inbox_name, parts: channelFromFacebookPage(input), fieldPrefix: '' });
}

/** POST callbacks/reauthorize_page: new tokens for a Facebook page inbox; clears reauthorization_required. */
export async function reauthorizeFacebookPage(ctx: AccountCtx, input: ReauthorizeFacebookPageBody) {
  const row = await changeInboxes(ctx, async (tx) => {
    const before = await loadInbox(tx, ctx.accountId, input.inbox_id, true);
    if (before.channel.channelType !== 'Channel::FacebookPage') throw invalid('inbox_id', 'is not a Facebook page inbox');
    const parts = channelParts(before.channel, openSecrets(ctx.config.secretKeyBase, before.channel.secrets));
    const tokens = { page_access_token: input.page_access_token, ...(input.user_access_token ? { user_access_token: input.user_access_token } : {}) };
    const changed = applyChannelChanges(parts, tokens).map((c) => c.field);
    await updateChannelRow(tx, ctx.accountId, before.channel.id, { secrets: sealSecrets(ctx.config.secretKeyBase, parts.secrets), reauthorizationRequired: false });
    const changes = {
      ...Object.fromEntries(changed.map((field) => [`channel.${field}`, ['[FILTERED]', '[FILTERED]']])),
      reauthorization_required: [before.channel.reauthorizationRequired, false],
    };
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Inbox', auditableId: before.inbox.id, changes, meta: ctx.meta });
    return loadInbox(tx, ctx.accountId, before.inbox.id);
  });
  return presentInbox(ctx, row);
}

/** POST {google,microsoft}/authorization {email} and twitter/authorization: where to send the browser. */
export async function startAuthorization(ctx: AccountCtx, provider: OAuthProvider, input: Partial<z.infer<typeof MailAuthorizationBodySchema>> = {}) {
  await requireChannelFeature(ctx, provider === 'twitter' ? 'Channel::TwitterProfile' : 'Channel::Email');
  return { url: authorizationUrl(ctx.config, provider, { accountId: ctx.accountId, userId: ctx.actor.id, email: input.email ?? null }) };
}
