import type { AgentBot, CreateAgentBotBody, SetAgentBotBody, UpdateAgentBotBody } from '@app/shared/agent-bots';
import type { AuditableType } from '@app/shared/audit-logs';
import type { Executor } from '@app/db';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { bumpCacheKey, publishCacheInvalidated } from '../accounts/service.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import { deleteAgentBotToken, issueAgentBotToken, readAgentBotTokens } from '../auth/tokens.ts';
import { visibleInboxIds } from '../inbox-members/service.ts';
import { avatarExtension, DownloadError, downloadImage } from './avatar.ts';
import {
  countInboxesWithBot,
  deleteBotRow,
  findInboxBotRef,
  findUsableBotRow,
  insertBot,
  listBotRows,
  lockOwnBotRow,
  setInboxBot,
  updateBotRow,
  type AgentBotRow,
  type AgentBotValues,
} from './queries.ts';
import { serializeAgentBot } from './serializers.ts';

const AUDITABLE: AuditableType = 'AgentBot';
const FILTERED = '[FILTERED]';

/** Administrators see the API tokens of the account's own bots; nobody sees a system bot's. */
const seesTokens = (ctx: AccountCtx) => ctx.membership.role === 'administrator';

async function serializeAll(ctx: AccountCtx, rows: AgentBotRow[]): Promise<AgentBot[]> {
  if (!seesTokens(ctx)) return rows.map((row) => serializeAgentBot(row, ctx.storage.url));
  const own = rows.filter((row) => row.accountId !== null).map((row) => row.id);
  const tokens = await readAgentBotTokens(ctx.db, ctx.config.secretKeyBase, own);
  // A bot written by other means (seed, import) gets its token on first sight, as users do.
  for (const id of own.filter((id) => !tokens.has(id))) tokens.set(id, await issueAgentBotToken(ctx.db, ctx.config.secretKeyBase, id));
  return rows.map((row) => serializeAgentBot(row, ctx.storage.url, tokens.get(row.id)));
}

async function serializeOne(ctx: AccountCtx, row: AgentBotRow): Promise<AgentBot> {
  const [bot] = await serializeAll(ctx, [row]);
  return bot!;
}

async function lockOwnBot(tx: Executor, accountId: number, id: number): Promise<AgentBotRow> {
  const row = await lockOwnBotRow(tx, accountId, id);
  if (!row) throw notFound();
  return row;
}

async function removeFile(ctx: AccountCtx, key: string): Promise<void> {
  try {
    await ctx.storage.remove(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not remove a replaced agent bot avatar');
  }
}

/** The avatar an input carries: the uploaded file, else the image at avatar_url; checked by content. */
async function avatarOf(ctx: AccountCtx, input: Pick<CreateAgentBotBody, 'avatar' | 'avatar_url'>) {
  if (input.avatar) return { data: input.avatar.data, extension: await avatarExtension(input.avatar.data, 'avatar') };
  if (!input.avatar_url) return null;
  let data: Buffer;
  try {
    data = await downloadImage(input.avatar_url);
  } catch (err) {
    ctx.log.info({ err, url: input.avatar_url }, 'agent bot avatar_url could not be downloaded');
    if (err instanceof DownloadError && err.privateAddress) throw invalid('avatar_url', 'must point to a public address');
    throw invalid('avatar_url', 'could not be downloaded');
  }
  return { data, extension: await avatarExtension(data, 'avatar_url') };
}

/** Stores the new avatar file (if any), runs the write, and removes the file again when the write fails. */
async function withAvatar<T>(ctx: AccountCtx, input: Pick<CreateAgentBotBody, 'avatar' | 'avatar_url'>, write: (avatarKey: string | null) => Promise<T>) {
  const avatar = await avatarOf(ctx, input);
  const avatarKey = avatar ? await ctx.storage.put({ folder: 'avatars', ...avatar }) : null;
  try {
    return await write(avatarKey);
  } catch (error) {
    if (avatarKey) await removeFile(ctx, avatarKey);
    throw error;
  }
}

/** The account's bots and the system bots, oldest first. */
export async function listAgentBots(ctx: AccountCtx): Promise<AgentBot[]> {
  return serializeAll(ctx, await listBotRows(ctx.db, ctx.accountId));
}

export async function getAgentBot(ctx: AccountCtx, id: number): Promise<AgentBot> {
  const row = await findUsableBotRow(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeOne(ctx, row);
}

/** Creates an account bot with its own API access token. */
export async function createAgentBot(ctx: AccountCtx, input: CreateAgentBotBody): Promise<AgentBot> {
  const row = await withAvatar(ctx, input, (avatarKey) =>
    ctx.db.transaction(async (tx) => {
      const row = await insertBot(tx, {
        accountId: ctx.accountId,
        name: input.name,
        description: input.description ?? null,
        outgoingUrl: input.outgoing_url ?? null,
        botType: input.bot_type ?? 'webhook',
        botConfig: input.bot_config ?? {},
        avatarKey,
      });
      await issueAgentBotToken(tx, ctx.config.secretKeyBase, row.id);
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: AUDITABLE, auditableId: row.id, changes: { name: [null, row.name] }, meta: ctx.meta });
      return row;
    }),
  );
  return serializeOne(ctx, row);
}

/** Changes the fields sent; a new avatar replaces (and deletes) the old file. System bots are not found. */
export async function updateAgentBot(ctx: AccountCtx, id: number, input: UpdateAgentBotBody): Promise<AgentBot> {
  const { row, replaced } = await withAvatar(ctx, input, (avatarKey) =>
    ctx.db.transaction(async (tx) => {
      const before = await lockOwnBot(tx, ctx.accountId, id);
      const values: AgentBotValues = {
        name: input.name,
        description: input.description,
        outgoingUrl: input.outgoing_url,
        botType: input.bot_type,
        botConfig: input.bot_config,
      };
      const changes: Record<string, unknown> = changesBetween(before as unknown as Record<string, unknown>, values);
      if (avatarKey) {
        values.avatarKey = avatarKey;
        changes.avatar = [before.avatarKey !== null, true];
      }
      const row = await updateBotRow(tx, ctx.accountId, id, values);
      if (!row) throw notFound();
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: AUDITABLE, auditableId: id, changes, meta: ctx.meta });
      }
      return { row, replaced: avatarKey ? before.avatarKey : null };
    }),
  );
  if (replaced) await removeFile(ctx, replaced);
  return serializeOne(ctx, row);
}

/** Deletes an account bot and its token; inboxes it answered are left without a bot. */
export async function deleteAgentBot(ctx: AccountCtx, id: number): Promise<void> {
  const { avatarKey, keys } = await ctx.db.transaction(async (tx) => {
    const before = await lockOwnBot(tx, ctx.accountId, id);
    const inboxesAnswered = await countInboxesWithBot(tx, ctx.accountId, id);
    await deleteBotRow(tx, ctx.accountId, id);
    await deleteAgentBotToken(tx, id);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: AUDITABLE, auditableId: id, changes: { name: [before.name, null] }, meta: ctx.meta });
    // The foreign key cleared those inboxes' bot: their cached list is stale.
    return { avatarKey: before.avatarKey, keys: inboxesAnswered > 0 ? await bumpCacheKey(tx, ctx.accountId, 'inbox') : null };
  });
  if (keys) publishCacheInvalidated(ctx, ctx.accountId, keys);
  if (avatarKey) await removeFile(ctx, avatarKey);
}

export async function removeAgentBotAvatar(ctx: AccountCtx, id: number): Promise<AgentBot> {
  const { row, removed } = await ctx.db.transaction(async (tx) => {
    const before = await lockOwnBot(tx, ctx.accountId, id);
    if (!before.avatarKey) return { row: before, removed: null };
    const row = await updateBotRow(tx, ctx.accountId, id, { avatarKey: null });
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: AUDITABLE, auditableId: id, changes: { avatar: [true, false] }, meta: ctx.meta });
    return { row: row ?? before, removed: before.avatarKey };
  });
  if (removed) await removeFile(ctx, removed);
  return serializeOne(ctx, row);
}

/** Replaces the bot's API access token: the old one stops matching at once. */
export async function resetAgentBotToken(ctx: AccountCtx, id: number): Promise<AgentBot> {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await lockOwnBot(tx, ctx.accountId, id);
    await issueAgentBotToken(tx, ctx.config.secretKeyBase, id);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: AUDITABLE, auditableId: id, changes: { access_token: [FILTERED, FILTERED] }, meta: ctx.meta });
    return row;
  });
  return serializeOne(ctx, row);
}

/** 404 unless the inbox is the account's and the caller may see it. */
async function checkInboxVisible(ctx: AccountCtx, inboxId: number): Promise<void> {
  const visible = await visibleInboxIds(ctx);
  if (visible && !visible.includes(inboxId)) throw notFound();
}

/** The inbox's agent bot, or null (001 section 4: an inbox has at most one). */
export async function getInboxAgentBot(ctx: AccountCtx, inboxId: number): Promise<{ agent_bot: AgentBot | null }> {
  await checkInboxVisible(ctx, inboxId);
  const inbox = await findInboxBotRef(ctx.db, ctx.accountId, inboxId);
  if (!inbox) throw notFound();
  const bot = inbox.agentBotId === null ? null : await findUsableBotRow(ctx.db, ctx.accountId, inbox.agentBotId);
  return { agent_bot: bot ? await serializeOne(ctx, bot) : null };
}

/**
 * Sets the inbox's one agent bot (the account's own or a system bot; any other id is a 422) or, with
 * null, disconnects it. The inbox cache key moves in the same transaction; the event follows the commit.
 */
export async function setInboxAgentBot(ctx: AccountCtx, inboxId: number, input: SetAgentBotBody): Promise<void> {
  await checkInboxVisible(ctx, inboxId);
  const botId = input.agent_bot;
  const keys = await ctx.db.transaction(async (tx) => {
    const inbox = await findInboxBotRef(tx, ctx.accountId, inboxId, true);
    if (!inbox) throw notFound();
    // Held until commit so the bot cannot be deleted between this check and the write.
    if (botId !== null && !(await findUsableBotRow(tx, ctx.accountId, botId, true))) throw invalid('agent_bot', 'is not an agent bot of this account');
    if (inbox.agentBotId === botId) return null;
    await setInboxBot(tx, ctx.accountId, inboxId, botId);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Inbox', auditableId: inboxId, changes: { agent_bot_id: [inbox.agentBotId, botId] }, meta: ctx.meta });
    return bumpCacheKey(tx, ctx.accountId, 'inbox');
  });
  if (keys) publishCacheInvalidated(ctx, ctx.accountId, keys);
}
