import { integrationApp } from '@app/shared/integrations';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { findHookRow, insertHook, listHookRows, updateHookRow } from './queries.ts';
import { notConfigured, presentHook, sealSettings } from './service.ts';

const SLACK = integrationApp('slack')!;
const TIMEOUT_MS = 10_000;

type SlackAnswer = { ok: boolean; error?: string } & Record<string, unknown>;

function client(ctx: AccountCtx) {
  const oauth = ctx.config.oauth.slack;
  if (!oauth) throw notConfigured(SLACK);
  return oauth;
}

/** One Slack Web API call; a network failure or a non-JSON answer is Slack being unreachable. */
async function callSlack(ctx: AccountCtx, method: string, init: { token?: string; form?: Record<string, string>; query?: Record<string, string> }): Promise<SlackAnswer> {
  const url = `${ctx.config.slackApiUrl}/${method}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
  try {
    const response = await fetch(url, {
      method: init.form ? 'POST' : 'GET',
      headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return (await response.json()) as SlackAnswer;
  } catch (error) {
    ctx.log.warn({ err: error, method }, 'slack call failed');
    return { ok: false, error: 'slack_unreachable' };
  }
}

async function slackHook(ctx: AccountCtx) {
  const [row] = await listHookRows(ctx.db, ctx.accountId, ['slack']);
  if (!row) throw notFound();
  return { row, token: row.hook.accessTokenSealed ? decrypt(ctx.config.secretKeyBase, row.hook.accessTokenSealed) : '' };
}

/** POST integrations/slack {code}: trades the OAuth code for a bot token and connects the workspace. */
export async function connectSlack(ctx: AccountCtx, code: string) {
  const oauth = client(ctx);
  const redirect = `${ctx.config.frontendUrl}/app/accounts/${ctx.accountId}/settings/integrations/slack`;
  const answer = await callSlack(ctx, 'oauth.v2.access', { form: { client_id: oauth.clientId, client_secret: oauth.clientSecret, code, redirect_uri: redirect } });
  if (!answer.ok || typeof answer.access_token !== 'string') throw invalid('code', `was refused by Slack (${answer.error ?? 'no token'})`);
  const team = (answer.team ?? {}) as { id?: string; name?: string };
  const settings = { team_id: team.id ?? null, team_name: team.name ?? null };
  const hook = await ctx.db.transaction(async (tx) => {
    if ((await listHookRows(tx, ctx.accountId, ['slack'])).length > 0) throw invalid('app_id', 'is already connected');
    const hook = await insertHook(tx, {
      accountId: ctx.accountId,
      appId: 'slack',
      hookType: 'account',
      status: 1,
      settingsSealed: sealSettings(ctx, settings),
      accessTokenSealed: encrypt(ctx.config.secretKeyBase, answer.access_token as string),
    });
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'Integrations::Hook', auditableId: hook.id, changes: { app_id: [null, 'slack'] }, meta: ctx.meta });
    return hook;
  });
  return presentHook(ctx, { hook, inboxName: null });
}

/** GET integrations/slack/list_all_channels: the workspace's channels the bot can see, `[{id, name}]`. */
export async function listSlackChannels(ctx: AccountCtx) {
  client(ctx);
  const { token } = await slackHook(ctx);
  const answer = await callSlack(ctx, 'conversations.list', { token, query: { types: 'public_channel,private_channel', exclude_archived: 'true', limit: '1000' } });
  if (!answer.ok) throw invalid('reference_id', `channels could not be listed (${answer.error ?? 'unknown error'})`);
  const channels = Array.isArray(answer.channels) ? (answer.channels as { id?: unknown; name?: unknown }[]) : [];
  return channels.flatMap((c) => (typeof c.id === 'string' && typeof c.name === 'string' ? [{ id: c.id, name: c.name }] : []));
}

/** PATCH integrations/slack {reference_id}: joins the chosen channel and keeps it on the hook. */
export async function updateSlack(ctx: AccountCtx, referenceId: string) {
  client(ctx);
  const { row, token } = await slackHook(ctx);
  const answer = await callSlack(ctx, 'conversations.join', { token, form: { channel: referenceId } });
  if (!answer.ok) throw invalid('reference_id', `could not be joined (${answer.error ?? 'unknown error'})`);
  const hook = await ctx.db.transaction(async (tx) => {
    const hook = await updateHookRow(tx, ctx.accountId, row.hook.id, { referenceId });
    if (!hook) throw notFound();
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Integrations::Hook', auditableId: hook.id, changes: { reference_id: [row.hook.referenceId, referenceId] }, meta: ctx.meta });
    return hook;
  });
  const fresh = await findHookRow(ctx.db, ctx.accountId, hook.id);
  return presentHook(ctx, fresh ?? { hook, inboxName: null });
}
