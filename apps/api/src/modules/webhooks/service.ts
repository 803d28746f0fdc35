import type { z } from 'zod';
import { WEBHOOK_DELIVERIES_PER_PAGE, type CreateWebhookBodySchema, type UpdateWebhookBodySchema } from '@app/shared/webhooks';
import type { Executor } from '@app/db';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { decrypt, encrypt, randomToken } from '../../lib/crypto.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { allowListGuard, urlRefusal } from '../../lib/safe-fetch.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import { MAX_ATTEMPTS } from './delivery.ts';
import {
  deleteWebhookRow,
  findInboxSummary,
  findWebhookRow,
  insertWebhook,
  listDeliveryRows,
  listWebhookRows,
  requeueDelivery,
  updateWebhookRow,
  urlTaken,
  type InboxSummary,
  type WebhookRow,
} from './queries.ts';
import { serializeDelivery, serializeWebhook } from './serializers.ts';

type CreateInput = z.infer<typeof CreateWebhookBodySchema>;
type UpdateInput = z.infer<typeof UpdateWebhookBodySchema>;

async function loadWebhook(db: Executor, accountId: number, id: number): Promise<WebhookRow> {
  const row = await findWebhookRow(db, accountId, id);
  if (!row) throw notFound();
  return row;
}

function present(ctx: AccountCtx, row: WebhookRow, inbox: InboxSummary | null) {
  return serializeWebhook(row, inbox, decrypt(ctx.config.secretKeyBase, row.secretSealed));
}

/** The URL must resolve to addresses the server may call (public, or in WEBHOOK_ALLOWED_HOSTS), and be new to the account. */
async function checkUrl(ctx: AccountCtx, tx: Executor, url: string, exceptId?: number) {
  const refusal = await urlRefusal(url, allowListGuard(ctx.config.webhooks.allowedHosts));
  if (refusal) throw invalid('url', refusal);
  if (await urlTaken(tx, ctx.accountId, url, exceptId)) throw invalid('url', 'has already been taken');
}

async function checkInbox(ctx: AccountCtx, tx: Executor, inboxId: number | null | undefined): Promise<InboxSummary | null> {
  if (!inboxId) return null;
  const inbox = await findInboxSummary(tx, ctx.accountId, inboxId);
  if (!inbox) throw invalid('inbox_id', 'must be an inbox of this account');
  return inbox;
}

export async function listWebhooks(ctx: AccountCtx) {
  const rows = await listWebhookRows(ctx.db, ctx.accountId);
  return { payload: { webhooks: rows.map(({ webhook, inbox }) => present(ctx, webhook, inbox?.id && inbox.name && inbox.channelType ? { id: inbox.id, name: inbox.name, channelType: inbox.channelType } : null)) } };
}

export async function createWebhook(ctx: AccountCtx, input: CreateInput) {
  const { row, inbox } = await ctx.db.transaction(async (tx) => {
    await checkUrl(ctx, tx, input.url);
    const inbox = await checkInbox(ctx, tx, input.inbox_id);
    const row = await insertWebhook(tx, {
      accountId: ctx.accountId,
      url: input.url,
      name: input.name ?? null,
      subscriptions: input.subscriptions,
      inboxId: inbox?.id ?? null,
      secretSealed: encrypt(ctx.config.secretKeyBase, randomToken(32)),
    });
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'Webhook', auditableId: row.id, changes: { url: [null, row.url], subscriptions: [null, row.subscriptions] }, meta: ctx.meta });
    return { row, inbox };
  });
  return { payload: { webhook: present(ctx, row, inbox) } };
}

export async function updateWebhook(ctx: AccountCtx, id: number, input: UpdateInput) {
  const { row, inbox } = await ctx.db.transaction(async (tx) => {
    const before = await loadWebhook(tx, ctx.accountId, id);
    if (input.url !== undefined) await checkUrl(ctx, tx, input.url, id);
    const inbox = await checkInbox(ctx, tx, input.inbox_id === undefined ? before.inboxId : input.inbox_id);
    const values = { url: input.url, name: input.name, subscriptions: input.subscriptions, inboxId: input.inbox_id === undefined ? undefined : (inbox?.id ?? null) };
    const row = await updateWebhookRow(tx, ctx.accountId, id, values);
    if (!row) throw notFound();
    const changes = changesBetween(before as unknown as Record<string, unknown>, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Webhook', auditableId: id, changes, meta: ctx.meta });
    }
    return { row, inbox };
  });
  return { payload: { webhook: present(ctx, row, inbox) } };
}

export async function deleteWebhook(ctx: AccountCtx, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await loadWebhook(tx, ctx.accountId, id);
    await deleteWebhookRow(tx, ctx.accountId, id);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'Webhook', auditableId: id, changes: { url: [before.url, null] }, meta: ctx.meta });
  });
}

/** A webhook's deliveries, newest first, each with its attempts. */
export async function listDeliveries(ctx: AccountCtx, webhookId: number, page: number) {
  await loadWebhook(ctx.db, ctx.accountId, webhookId);
  const { limit, offset } = pageWindow(page, WEBHOOK_DELIVERIES_PER_PAGE);
  const { rows, count } = await listDeliveryRows(ctx.db, ctx.accountId, webhookId, limit, offset);
  return { meta: { count, current_page: page }, payload: rows.map(serializeDelivery) };
}

/** Queues a delivery again, due now, with a fresh round of attempts; the runner sends it. */
export async function redeliver(ctx: AccountCtx, webhookId: number, deliveryId: number) {
  await loadWebhook(ctx.db, ctx.accountId, webhookId);
  const row = await requeueDelivery(ctx.db, ctx.accountId, webhookId, deliveryId, new Date(), MAX_ATTEMPTS);
  if (!row) throw notFound();
  return serializeDelivery(row);
}
