import type { z } from 'zod';
import { integrationApp, INTEGRATION_APPS, SLACK_SCOPES, type CreateHookBodySchema, type UpdateHookBodySchema } from '@app/shared/integrations';
import type { Executor } from '@app/db';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { hasDashboardApps } from '../dashboard-apps/service.ts';
import { loadInbox } from '../inboxes/service.ts';
import { listWebhooks } from '../webhooks/service.ts';
import { deleteHookRows, findHookRow, insertHook, listHookRows, updateHookRow, type HookWithInbox } from './queries.ts';
import { serializeApp, serializeHook } from './serializers.ts';

type CreateInput = z.infer<typeof CreateHookBodySchema>;
type UpdateInput = z.infer<typeof UpdateHookBodySchema>;
type App = NonNullable<ReturnType<typeof integrationApp>>;

const isAdmin = (ctx: AccountCtx) => ctx.membership.role === 'administrator';

export function openSettings(ctx: AccountCtx, sealed: string): Record<string, unknown> {
  try {
    return JSON.parse(decrypt(ctx.config.secretKeyBase, sealed)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export const sealSettings = (ctx: AccountCtx, settings: Record<string, unknown>) => encrypt(ctx.config.secretKeyBase, JSON.stringify(settings));

export const presentHook = (ctx: AccountCtx, row: HookWithInbox) => serializeHook(row, openSettings(ctx, row.hook.settingsSealed));

/** Whether the installation has what an app needs: OAuth apps their client credentials. */
function configured(ctx: AccountCtx, app: App): boolean {
  return app.kind !== 'oauth' || Boolean(ctx.config.oauth[app.id as 'slack']);
}

/** Where set-up starts: the app's settings screen, or the provider's authorization page (null while not configured). */
function actionOf(ctx: AccountCtx, app: App): string | null {
  if (app.kind === 'webhooks') return '/webhook';
  if (app.kind === 'dashboard_apps') return '/dashboard_apps';
  if (app.kind === 'form') return `/${app.id}`;
  const client = ctx.config.oauth.slack;
  if (!client) return null;
  const redirect = `${ctx.config.frontendUrl}/app/accounts/${ctx.accountId}/settings/integrations/slack`;
  return `https://slack.com/oauth/v2/authorize?${new URLSearchParams({ scope: SLACK_SCOPES, client_id: client.clientId, redirect_uri: redirect })}`;
}

async function appFacts(ctx: AccountCtx, apps: readonly App[]) {
  const hookRows = await listHookRows(ctx.db, ctx.accountId);
  const needs = new Set(apps.map((a) => a.kind));
  const [webhooks, dashboardApps] = await Promise.all([
    needs.has('webhooks') ? listWebhooks(ctx).then((r) => r.payload.webhooks.length > 0) : false,
    needs.has('dashboard_apps') ? hasDashboardApps(ctx) : false,
  ]);
  return apps.map((app) => {
    const hooks = hookRows.filter((row) => row.hook.appId === app.id);
    const enabled = app.kind === 'webhooks' ? webhooks : app.kind === 'dashboard_apps' ? dashboardApps : hooks.length > 0;
    return serializeApp({
      app,
      enabled,
      action: actionOf(ctx, app),
      configured: configured(ctx, app),
      // Hooks hold API keys: administrators only, as Chatwoot's view does.
      hooks: isAdmin(ctx) ? hooks.map((row) => presentHook(ctx, row)) : undefined,
    });
  });
}

/** The catalogue with, for each app, whether the account has it set up. */
export async function listApps(ctx: AccountCtx) {
  return { payload: await appFacts(ctx, INTEGRATION_APPS) };
}

export async function getApp(ctx: AccountCtx, id: string) {
  const app = integrationApp(id);
  if (!app) throw notFound();
  const [facts] = await appFacts(ctx, [app]);
  return facts!;
}

/** Keeps the app's fields only; each required one non-blank, JSON fields a JSON object (kept as typed). */
function checkSettings(app: App, settings: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const field of app.fields ?? []) {
    const value = settings[field.name];
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') {
      if (field.required) throw invalid(`settings.${field.name}`, 'must not be blank');
      continue;
    }
    if (typeof text === 'string' && text.length > 8192) throw invalid(`settings.${field.name}`, 'is too long');
    if (field.json) {
      let parsed: unknown = text;
      if (typeof text === 'string') {
        try {
          parsed = JSON.parse(text);
        } catch {
          throw invalid(`settings.${field.name}`, 'must be valid JSON');
        }
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid(`settings.${field.name}`, 'must be a JSON object');
      clean[field.name] = parsed;
    } else if (typeof text !== 'string') {
      throw invalid(`settings.${field.name}`, 'must be text');
    } else {
      clean[field.name] = text;
    }
  }
  return clean;
}

async function loadHook(db: Executor, accountId: number, id: number) {
  const row = await findHookRow(db, accountId, id);
  if (!row) throw notFound();
  return row;
}

/** POST integrations/hooks: connects an app that is set up with a settings form. */
export async function createHook(ctx: AccountCtx, input: CreateInput) {
  const app = integrationApp(input.app_id);
  if (!app) throw invalid('app_id', 'is not a known integration');
  if (app.kind !== 'form') throw invalid('app_id', 'is not connected with a hook');
  const settings = checkSettings(app, input.settings);
  const created = await ctx.db.transaction(async (tx) => {
    let inboxName: string | null = null;
    if (app.hook_type === 'inbox') {
      if (!input.inbox_id) throw invalid('inbox_id', 'must not be blank');
      const inbox = await loadInbox(tx, ctx.accountId, input.inbox_id).catch(() => null);
      if (!inbox) throw invalid('inbox_id', 'must be an inbox of this account');
      inboxName = inbox.inbox.name;
    }
    const existing = await listHookRows(tx, ctx.accountId, [app.id]);
    if (!app.allow_multiple_hooks && existing.length > 0) throw invalid('app_id', 'is already connected');
    if (app.hook_type === 'inbox' && existing.some((row) => row.hook.inboxId === input.inbox_id)) throw invalid('inbox_id', 'has already been taken');
    const hook = await insertHook(tx, {
      accountId: ctx.accountId,
      appId: app.id,
      inboxId: app.hook_type === 'inbox' ? (input.inbox_id ?? null) : null,
      hookType: app.hook_type,
      status: input.status === false ? 0 : 1,
      settingsSealed: sealSettings(ctx, settings),
    });
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'Integrations::Hook', auditableId: hook.id, changes: { app_id: [null, app.id], inbox_id: [null, hook.inboxId] }, meta: ctx.meta });
    return { hook, inboxName };
  });
  return serializeHook(created, settings);
}

export async function getHook(ctx: AccountCtx, id: number) {
  return presentHook(ctx, await loadHook(ctx.db, ctx.accountId, id));
}

/** PATCH integrations/hooks/{id}: status, and settings merged over the saved ones (then checked whole). */
export async function updateHook(ctx: AccountCtx, id: number, input: UpdateInput) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await loadHook(tx, ctx.accountId, id);
    const app = integrationApp(before.hook.appId);
    const values: { status?: number; settingsSealed?: string } = {};
    if (input.status !== undefined) values.status = input.status ? 1 : 0;
    if (input.settings !== undefined && app?.kind === 'form') {
      values.settingsSealed = sealSettings(ctx, checkSettings(app, { ...openSettings(ctx, before.hook.settingsSealed), ...input.settings }));
    }
    const hook = await updateHookRow(tx, ctx.accountId, id, values);
    if (!hook) throw notFound();
    const changes: Record<string, [unknown, unknown]> = {};
    if (values.status !== undefined && values.status !== before.hook.status) changes.status = [before.hook.status, values.status];
    if (values.settingsSealed) changes.settings = ['[FILTERED]', '[FILTERED]'];
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Integrations::Hook', auditableId: id, changes, meta: ctx.meta });
    }
    return { hook, inboxName: before.inboxName };
  });
  return presentHook(ctx, row);
}

async function removeHooks(ctx: AccountCtx, tx: Executor, rows: HookWithInbox[]) {
  await deleteHookRows(tx, ctx.accountId, rows.map((row) => row.hook.id));
  for (const { hook } of rows) {
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'Integrations::Hook', auditableId: hook.id, changes: { app_id: [hook.appId, null] }, meta: ctx.meta });
  }
}

export async function deleteHook(ctx: AccountCtx, id: number) {
  await ctx.db.transaction(async (tx) => removeHooks(ctx, tx, [await loadHook(tx, ctx.accountId, id)]));
}

/** DELETE integrations/{app}: disconnects an app, every hook of it (Slack's workspace, a form app's settings). */
export async function deleteIntegration(ctx: AccountCtx, appId: string) {
  const app = integrationApp(appId);
  if (!app || (app.kind !== 'oauth' && app.kind !== 'form')) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const rows = await listHookRows(tx, ctx.accountId, [app.id]);
    if (rows.length === 0) throw notFound();
    await removeHooks(ctx, tx, rows);
  });
}

/** 422 naming what the installation lacks, for a provider whose credentials are not set. */
export function notConfigured(app: App): AppError {
  const env = (app.env ?? []).join(' and ');
  return new AppError('validation_failed', `${app.name} is not configured on this installation: set ${env} on the server`, { fields: { app_id: ['is not configured on this installation'] } });
}
